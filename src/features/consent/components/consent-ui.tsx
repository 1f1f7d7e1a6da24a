/**
 * The consent banner and settings dialog, as one chunk loaded on demand: the server render
 * never shows them (the choice is in a cookie read after hydration), so their code stays
 * out of the landing page's script budget.
 */
export { ConsentBanner } from './consent-banner';
export { ConsentSettings } from './consent-settings';
