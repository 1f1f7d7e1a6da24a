/**
 * The page the worker answers with when a page is requested offline that this device has
 * never saved: in the language of the locale the address belongs to (the path prefix, or
 * the host in domain mode), with links to the pages that are always kept offline.
 *
 * It is a plain document with no script (the CSP below allows none) and one stylesheet
 * from the precache, so it renders the same with or without the app's JavaScript.
 */
import { LOCALE_INFO, resolvePath, type Locale } from '../src/shared/locales';
import { offlineStartPages } from '../src/shared/service-worker-protocol';
import escapeHtml from 'escape-html';

export interface OfflineTexts {
  documentTitle: string;
  heading: string;
  text: string;
  retry: string;
  home: string;
  stationLocator: string;
}

export const OFFLINE_STYLESHEET = '/offline.css';

const OFFLINE_CSP =
  "default-src 'self'; script-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** The locale an address belongs to: the host's in domain mode, else its path prefix. */
export function localeOfAddress(url: URL, hostLocale: Locale | undefined): { locale: Locale; domainMode: boolean } {
  if (hostLocale) return { locale: hostLocale, domainMode: true };
  return { locale: resolvePath(url.pathname).locale, domainMode: false };
}

export function offlinePageHtml(url: URL, locale: Locale, domainMode: boolean, texts: OfflineTexts): string {
  const [home, stationLocator] = offlineStartPages(locale, domainMode) as [string, string];
  // The address itself, so that "try again" is a plain link that reloads it.
  const here = `${url.pathname}${url.search}`;
  return `<!doctype html>
<html lang="${LOCALE_INFO[locale].htmlLang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="#c8102e">
<title>${escapeHtml(texts.documentTitle)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${OFFLINE_STYLESHEET}">
</head>
<body class="offline-page">
<main id="main" class="offline-page__main">
<img class="offline-page__logo" src="/images/logo.svg" alt="St1" width="120" height="48">
<h1>${escapeHtml(texts.heading)}</h1>
<p>${escapeHtml(texts.text)}</p>
<p><a class="offline-page__button" href="${escapeHtml(here)}">${escapeHtml(texts.retry)}</a></p>
<ul class="offline-page__links">
<li><a href="${escapeHtml(home)}">${escapeHtml(texts.home)}</a></li>
<li><a href="${escapeHtml(stationLocator)}">${escapeHtml(texts.stationLocator)}</a></li>
</ul>
</main>
</body>
</html>`;
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
