/**
 * A page that must be fresh (cart, checkout, account: ./page-freshness.ts) and is shown
 * from its saved copy because the network did not answer in time says so: the worker puts
 * a notice at the top of the saved document, outside the app's root element, so that the
 * app hydrates the page as it was rendered; the notice stays until the next load, or until
 * the page has checked its data with the server (the cart: dismissSavedCopyNotice). The
 * notice links to the address itself to try the network again. Pure string work, so that
 * it is unit-tested without a worker.
 */
import escapeHtml from 'escape-html';
import { LOCALE_INFO, type Locale } from '#shared/locales';
// The class the notice is found and styled by (the form messages' info style).
import { SAVED_COPY_NOTICE_CLASS } from '#shared/service-worker-protocol';

export function savedCopyNoticeHtml(here: string, locale: Locale, texts: { notice: string; retry: string }): string {
  return (
    `<div class="${SAVED_COPY_NOTICE_CLASS} form-message form-message--info" role="status" lang="${LOCALE_INFO[locale].htmlLang}">` +
    `<p>${escapeHtml(texts.notice)} <a href="${escapeHtml(here)}">${escapeHtml(texts.retry)}</a></p></div>`
  );
}

/** The document with the notice right after `<body>`; unchanged when it has none or has one already. */
export function withSavedCopyNotice(html: string, notice: string): string {
  if (html.includes(`class="${SAVED_COPY_NOTICE_CLASS} `)) return html;
  const body = /<body\b[^>]*>/i.exec(html);
  if (!body) return html;
  const at = body.index + body[0].length;
  return `${html.slice(0, at)}${notice}${html.slice(at)}`;
}

/**
 * The saved response with the notice in its document. The headers stay (the page's CSP,
 * its cache rules) except the length, which the notice changes.
 */
export async function savedCopyResponse(saved: Response, notice: string): Promise<Response> {
  const headers = new Headers(saved.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(withSavedCopyNotice(await saved.text(), notice), {
    status: saved.status,
    statusText: saved.statusText,
    headers,
  });
}
