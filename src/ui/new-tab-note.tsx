/**
 * A link that opens a new tab says so in its name (WCAG 2.2 technique G201,
 * https://www.w3.org/WAI/WCAG22/Techniques/general/G201): "… (opens in a new tab)", read
 * out by a screen reader and not shown. The one way of saying it, for the links the code
 * draws (NewTabNote) and for those in the CMS's rich text, which arrive as HTML
 * (withNewTabNotes).
 */
import { useLingui } from '@lingui/react';

/** The message of the note; in the core catalog, as CMS links are on every page. */
export const NEW_TAB_MESSAGE_ID = /*i18n*/ 'link.newTab';

/** Goes last inside an `<a target="_blank">`. */
export function NewTabNote() {
  const { i18n } = useLingui();
  return <span className="visually-hidden"> ({i18n._(NEW_TAB_MESSAGE_ID)})</span>;
}

// The origin's sanitizer writes every attribute in double quotes (server/origin/content-files.ts);
// an <a> holds no other <a>, so its content ends at the first </a>.
const NEW_TAB_LINK = /(<a\s[^>]*\btarget="_blank"[^>]*>)([\s\S]*?)(<\/a>)/gi;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** The same note in each new-tab link of sanitized rich text; `note` is the translated text. */
export function withNewTabNotes(html: string, note: string): string {
  // Escaped here rather than with escape-html: this module is in every page's first script.
  const text = note.replace(/[&<>"]/g, (character) => HTML_ESCAPES[character]!);
  const span = `<span class="visually-hidden"> (${text})</span>`;
  return html.replace(
    NEW_TAB_LINK,
    (_match, open: string, content: string, close: string) => `${open}${content}${span}${close}`,
  );
}
