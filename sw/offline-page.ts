/**
 * The page the worker answers with when a page is requested offline that this device has
 * never saved and no app shell is stored (./app-shell.ts): in the language of the locale
 * the address belongs to (the path prefix, or the host in domain mode), with links to the
 * start pages that are saved on this device, of any locale (and only those: a link to a
 * page that is not saved would lead here again).
 *
 * It is a plain document with no script (the CSP below allows none) and one stylesheet
 * from the precache, so it renders the same with or without the app's JavaScript.
 */
import { LOCALE_INFO, LOCALES, resolvePath, type Locale } from '#shared/locales';
import { offlineStartPages } from '#shared/service-worker-protocol';
import { CACHES } from './cache-names';
import escapeHtml from 'escape-html';
import { standaloneDocumentHtml } from '#shared/standalone-document';

export interface OfflineTexts {
  documentTitle: string;
  heading: string;
  text: string;
  retry: string;
  home: string;
  stationLocator: string;
  cart: string;
}

/** A start page saved on this device (offlineStartPages order: front page, locator, cart). */
export interface SavedStartPage {
  locale: Locale;
  kind: 'home' | 'stationLocator' | 'cart';
  href: string;
}

const START_PAGE_KINDS = ['home', 'stationLocator', 'cart'] as const;

/**
 * The start pages of every locale served here (the host's alone in domain mode) that the
 * page cache holds.
 */
export async function savedStartPages(hostLocale?: Locale): Promise<SavedStartPage[]> {
  const pages = await caches.open(CACHES.pages);
  const candidates = (hostLocale ? [hostLocale] : LOCALES).flatMap((locale) =>
    offlineStartPages(locale, hostLocale !== undefined).map((href, index) => ({
      locale,
      kind: START_PAGE_KINDS[index]!,
      href,
    })),
  );
  const saved = await Promise.all(
    candidates.map(async (page) =>
      (await pages.match(new URL(page.href, self.location.origin).href, { ignoreVary: true })) ? page : null,
    ),
  );
  return saved.filter((page): page is SavedStartPage => page !== null);
}

export const OFFLINE_STYLESHEET = '/offline.css';

const OFFLINE_CSP =
  "default-src 'self'; script-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** The locale an address belongs to: the host's in domain mode, else its path prefix. */
export function localeOfAddress(url: URL, hostLocale: Locale | undefined): { locale: Locale; domainMode: boolean } {
  if (hostLocale) return { locale: hostLocale, domainMode: true };
  return { locale: resolvePath(url.pathname).locale, domainMode: false };
}

/** The links of the saved start pages: the page's locale first, others named by their language. */
function startPageLinks(locale: Locale, texts: OfflineTexts, saved: readonly SavedStartPage[]): string {
  const ordered = [
    ...saved.filter((page) => page.locale === locale),
    ...saved.filter((page) => page.locale !== locale),
  ];
  return ordered
    .map((page) => {
      const other = page.locale === locale ? '' : ` (${LOCALE_INFO[page.locale].displayName})`;
      const lang = page.locale === locale ? '' : ` hreflang="${LOCALE_INFO[page.locale].htmlLang}"`;
      return `<li><a href="${escapeHtml(page.href)}"${lang}>${escapeHtml(texts[page.kind] + other)}</a></li>`;
    })
    .join('\n');
}

export function offlinePageHtml(
  url: URL,
  locale: Locale,
  domainMode: boolean,
  texts: OfflineTexts,
  saved: readonly SavedStartPage[],
): string {
  const links = startPageLinks(locale, texts, domainMode ? saved.filter((page) => page.locale === locale) : saved);
  // The address itself, so that "try again" is a plain link that reloads it.
  const here = `${url.pathname}${url.search}`;
  return standaloneDocumentHtml({
    lang: LOCALE_INFO[locale].htmlLang,
    title: texts.documentTitle,
    extraHead: [
      '<meta name="theme-color" content="#c8102e">',
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ],
    stylesheet: OFFLINE_STYLESHEET,
    bodyClass: 'offline-page',
    body: `<main id="main" class="offline-page__main">
<img class="offline-page__logo" src="/images/logo.svg" alt="St1" width="120" height="48">
<h1>${escapeHtml(texts.heading)}</h1>
<p>${escapeHtml(texts.text)}</p>
<p><a class="offline-page__button" href="${escapeHtml(here)}">${escapeHtml(texts.retry)}</a></p>
${links ? `<ul class="offline-page__links">\n${links}\n</ul>` : ''}
</main>`,
  });
}

/** 503: the page exists or not, but it cannot be had now; never cached by anyone. */
export function offlinePageResponse(html: string): Response {
  return new Response(html, {
    status: 503,
    statusText: 'Service Unavailable',
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': OFFLINE_CSP,
      'x-st1-offline': '1',
    },
  });
}
