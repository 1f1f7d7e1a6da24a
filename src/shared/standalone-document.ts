/**
 * A whole HTML document outside the app: the pages that are plain HTML without the app's
 * bundle (the service worker's offline page, the payment test gateway's hosted page). One
 * head for them all: the language, a mobile viewport, kept out of search engines, one
 * stylesheet of their own.
 */
import escapeHtml from 'escape-html';

export interface StandaloneDocument {
  /** The html lang attribute (a BCP 47 tag, `fi-FI`). */
  lang: string;
  /** The document title as text; it is escaped here. */
  title: string;
  stylesheet: string;
  /** Head elements the page adds, as HTML (its icon, its theme colour). */
  extraHead?: readonly string[];
  /** The body's class, when its stylesheet needs one. */
  bodyClass?: string;
  /** The body's content, as HTML. */
  body: string;
}

export function standaloneDocumentHtml(page: StandaloneDocument): string {
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(page.title)}</title>`,
    ...(page.extraHead ?? []),
    `<link rel="stylesheet" href="${escapeHtml(page.stylesheet)}">`,
  ];
  const bodyClass = page.bodyClass ? ` class="${escapeHtml(page.bodyClass)}"` : '';
  return `<!doctype html>
<html lang="${escapeHtml(page.lang)}">
<head>
${head.join('\n')}
</head>
<body${bodyClass}>
${page.body}
</body>
</html>`;
}
