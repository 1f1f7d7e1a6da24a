import { describe, expect, it } from 'vitest';
import { standaloneDocumentHtml } from './standalone-document';

describe('standaloneDocumentHtml', () => {
  const html = standaloneDocumentHtml({
    lang: 'sv-SE',
    title: 'Offline <&> "St1"',
    stylesheet: '/offline.css',
    extraHead: ['<link rel="icon" href="/favicon.svg">'],
    bodyClass: 'offline-page',
    body: '<main>Hej</main>',
  });

  it('writes the shared head: language, viewport, noindex, escaped title, the extra elements, then the stylesheet', () => {
    expect(html.startsWith('<!doctype html>\n<html lang="sv-SE">\n<head>\n<meta charset="utf-8">')).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<title>Offline &lt;&amp;&gt; &quot;St1&quot;</title>');
    expect(html.indexOf('<link rel="icon"')).toBeLessThan(html.indexOf('<link rel="stylesheet" href="/offline.css">'));
  });

  it('puts the body as given inside a body with its class', () => {
    expect(html).toContain('<body class="offline-page">\n<main>Hej</main>\n</body>\n</html>');
    expect(standaloneDocumentHtml({ lang: 'fi-FI', title: 't', stylesheet: '/a.css', body: '' })).toContain('<body>\n');
  });
});
