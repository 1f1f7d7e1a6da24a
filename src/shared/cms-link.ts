/** Resolution of CMS links (spec §2 "CMS link kinds", §3 CMS link). */
import type { CmsLink } from './content-schema';
import { slugToPath } from './locales';

export type ResolvedLink =
  | { kind: 'internal'; to: string }
  | { kind: 'external'; href: string; newTab: boolean }
  /** Opens a dialog whose heading is the link title and whose text is url.value. */
  | { kind: 'card'; heading: string; text: string }
  /** A link whose target cannot be used (no URL, or a scheme such as javascript:). */
  | { kind: 'none' };

/**
 * Internal pages (article or standard) go by slug inside the current locale; an internal
 * link may also carry a path in `url`; external URLs open in a new tab unless told not to;
 * a card opens a dialog instead of going anywhere.
 */
export function resolveCmsLink(link: CmsLink): ResolvedLink {
  const { url } = link;
  if (url.type === 'card') return { kind: 'card', heading: link.title, text: url.value ?? '' };
  if (url.type === 'external') {
    const href = url.url ?? url.value ?? '';
    if (!/^(https?:|mailto:|tel:)/i.test(href)) return { kind: 'none' };
    return { kind: 'external', href, newTab: link.openInNewTab ?? true };
  }
  const target = url.slug ?? url.value ?? url.url ?? '';
  if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target)) return { kind: 'none' };
  const to = target.startsWith('/') ? target : slugToPath(target);
  // Browsers read a backslash as a slash (and drop tabs and newlines): '/\evil' is protocol-relative too.
  if (/^[/\\][\t\n\r]*[/\\]/.test(to)) return { kind: 'none' };
  return { kind: 'internal', to };
}
