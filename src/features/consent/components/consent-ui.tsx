/**
 * The consent settings dialog, as a chunk loaded on demand (when the visitor opens it),
 * so its code stays out of the landing page's script budget. The first-visit banner is
 * server-rendered with the page instead (consent-banner.tsx).
 */
export { ConsentSettings } from './consent-settings';
