/**
 * Which pages reached by client navigation the service worker is asked to keep as
 * documents, so that reloading them offline works ("opens offline on any page it has
 * seen"). Full page loads are saved by the worker itself (network first); a
 * client navigation only fetches the payload, so the page asks for the document.
 *
 * Never kept from here: preview pages, error pages, and private pages: the account pages
 * and the order confirmation (what they show belongs to one visitor and one moment).
 */
import { ACCOUNT_PATHS } from '#shared/account-paths';
import type { PagePayload } from '#shared/payload';
import { SHOP_PATHS } from '#shared/shop/shop-paths';

/** Blocks that make a page private, whatever its address. */
const PRIVATE_BLOCKS: ReadonlySet<string> = new Set(['account', 'shopConfirmation']);

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * The document URL (path and query) to keep for offline use after a client navigation
 * showed `payload` at `location`, or null when the page must not be kept.
 */
export function pageToKeepOffline(
  payload: PagePayload | null,
  location: { pathname: string; search: string },
  basename: string,
): string | null {
  if (!payload?.page || payload.error || payload.preview || basename.startsWith('/preview')) return null;
  const { pathname, search } = location;
  if (basename && pathname !== basename && !pathname.startsWith(`${basename}/`)) return null;
  const local = (basename ? pathname.slice(basename.length) : pathname) || '/';
  const { locale } = payload;
  if (isUnder(local, ACCOUNT_PATHS.hub[locale]) || isUnder(local, SHOP_PATHS.confirmation[locale])) return null;
  if (payload.page.content.body.some((block) => PRIVATE_BLOCKS.has(block.type))) return null;
  return `${pathname}${search}`;
}
