import { describe, expect, it } from 'vitest';
import { LOCALE_INFO } from '#shared/locales';
import { savedCopyNoticeHtml, savedCopyResponse, withSavedCopyNotice } from './saved-copy-notice';

const texts = { notice: 'This is a saved copy & may be old.', retry: 'Try again' };
const page =
  '<!doctype html><html lang="en-EU"><head><title>Cart</title></head><body>\n<div id="root"><main>Cart</main></div></body></html>';

describe('saved copy notice', () => {
  const notice = savedCopyNoticeHtml('/en-EU/cart?x="1"', 'en-EU', texts);

  it('is a status message in the page language that links to the address again, escaped', () => {
    expect(notice).toContain('role="status"');
    expect(notice).toContain(`lang="${LOCALE_INFO['en-EU'].htmlLang}"`);
    expect(notice).toContain('This is a saved copy &amp; may be old.');
    expect(notice).toContain('<a href="/en-EU/cart?x=&quot;1&quot;">Try again</a>');
  });

  it('goes right after <body>, outside the root the app hydrates, and only once', () => {
    const marked = withSavedCopyNotice(page, notice);
    expect(marked.indexOf(notice)).toBe(marked.indexOf('<body>') + '<body>'.length);
    expect(marked.indexOf(notice)).toBeLessThan(marked.indexOf('<div id="root">'));
    expect(marked).toContain('<div id="root"><main>Cart</main></div>');
    expect(withSavedCopyNotice(marked, notice)).toBe(marked);
    expect(withSavedCopyNotice('no document', notice)).toBe('no document');
  });

  it("keeps the saved answer's status and headers but not its length", async () => {
    const saved = new Response(page, {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': '10', 'x-frame-options': 'DENY' },
    });
    const response = await savedCopyResponse(saved, notice);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-length')).toBeNull();
    expect(await response.text()).toContain(notice);
  });
});
