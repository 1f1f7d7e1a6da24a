/**
 * Which page answers a shared cache may keep, and under which surrogate keys
 * (server/site/edge-cache.ts has the headers, docs/operations.md "A cache in front").
 */
import type { Block, KnownBlock, KnownBlockOf } from '#shared/content-schema';
import { slugToPath, type Locale } from '#shared/locales';
import type { PagePayload } from '#shared/payload';
import { articlesKey, layoutKey, pageKey, SITE_KEY, stationKey } from '#shared/surrogate-keys';

/**
 * Pages whose screen is the visitor's own (account, cart, checkout, a receipt): their HTML
 * holds no personal data (the browser fills it in), but no shared cache keeps them either.
 */
const PERSONAL_BLOCKS: ReadonlySet<string> = new Set(['account', 'shopCart', 'shopCheckout', 'shopConfirmation']);

/** Statuses a shared cache may keep: the page, and the 404 of a path (purged when a page appears there). */
const SHAREABLE_STATUSES: ReadonlySet<number> = new Set([200, 404]);

export function isShareablePage(status: number, payload: PagePayload): boolean {
  if (payload.preview || !SHAREABLE_STATUSES.has(status)) return false;
  return !(payload.page?.content.body ?? []).some((block) => PERSONAL_BLOCKS.has(block.type));
}

/**
 * Whether a block is of a known type. The page schema renames a block of a known type that
 * fails its own schema (`invalid:…`), so a block still named so passed that schema.
 */
const isBlock = <T extends KnownBlock['type']>(block: Block, type: T): block is KnownBlockOf<T> => block.type === type;

/**
 * The keys of a page answer: the whole site, the locale's layout, the path asked for and
 * the page's own path (an alias reaches the page under another), every station it shows
 * (a station page, the locator's server-rendered list) and the article lists.
 */
export function pageSurrogateKeys(locale: Locale, localPath: string, payload: PagePayload): string[] {
  const keys = [SITE_KEY, layoutKey(locale), pageKey(locale, localPath)];
  const content = payload.page?.content;
  if (!content) return keys;
  keys.push(pageKey(locale, slugToPath(content.slug)));
  if (content.station) keys.push(stationKey(content.station.id));
  for (const block of content.body) {
    if (isBlock(block, 'stationLocator')) for (const station of block.initial) keys.push(stationKey(station.id));
    if (isBlock(block, 'articleList')) keys.push(articlesKey(locale));
  }
  return [...new Set(keys)];
}
