/**
 * Tag-manager ids and script addresses (spec §5: an id is GTM- or G- followed by
 * upper-case letters or digits). Each locale's layout names its own id; the browser loads
 * the script only with analytics consent (src/features/consent).
 */

const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';

const TAG_MANAGER_ID = /^(GTM|G)-[A-Z0-9]+$/;

/** True when `id` is a well-formed Google Tag Manager (GTM-…) or Google tag (G-…) id. */
export function isValidTagManagerId(id: unknown): id is string {
  return typeof id === 'string' && TAG_MANAGER_ID.test(id);
}

export type TagManagerKind = 'gtm' | 'gtag';

/** Which loader an id needs: a GTM container (gtm.js) or a Google tag (gtag.js). */
export function tagManagerKind(id: string): TagManagerKind {
  return id.startsWith('GTM-') ? 'gtm' : 'gtag';
}

/** The script address for a valid id, or null for an invalid one (which must not be loaded). */
export function tagManagerScriptUrl(id: unknown): string | null {
  if (!isValidTagManagerId(id)) return null;
  const path = tagManagerKind(id) === 'gtm' ? '/gtm.js' : '/gtag/js';
  return `${TAG_MANAGER_ORIGIN}${path}?id=${encodeURIComponent(id)}`;
}
