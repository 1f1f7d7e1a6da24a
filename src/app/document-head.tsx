import { useEffect } from 'react';
import { headTags, jsonForScript, type HeadData } from '#shared/head';

/** Marks head elements that this component owns, so that it can replace them. */
const HEAD_ATTRIBUTE = 'data-page-head';

/**
 * Keeps <title>, <html lang> and the page's meta/link tags in step after client
 * navigation. The server renders the same tags (with the same marker) for first load.
 */
export function DocumentHead({ head }: { head: HeadData }) {
  useEffect(() => {
    document.title = head.title;
    document.documentElement.lang = head.lang;
    document.head.querySelectorAll(`[${HEAD_ATTRIBUTE}]`).forEach((element) => element.remove());
    for (const tag of headTags(head)) {
      const element = document.createElement(tag.tag);
      for (const [name, value] of Object.entries(tag.attrs)) element.setAttribute(name, value);
      element.setAttribute(HEAD_ATTRIBUTE, '');
      document.head.append(element);
    }
    // Structured data is a data block: the browser never runs it, so the CSP allows it.
    for (const data of head.jsonLd ?? []) {
      const script = document.createElement('script');
      script.type = 'application/ld+json';
      script.textContent = JSON.stringify(data);
      script.setAttribute(HEAD_ATTRIBUTE, '');
      document.head.append(script);
    }
  }, [head]);
  return null;
}

/** The same tags as static markup for the server-rendered document. */
export function HeadMarkup({ head }: { head: HeadData }) {
  return (
    <>
      <title>{head.title}</title>
      {headTags(head).map((tag, index) => {
        // JSX spells the hreflang attribute hrefLang.
        const { hreflang, ...rest } = tag.attrs;
        const attrs = { ...rest, ...(hreflang ? { hrefLang: hreflang } : {}), [HEAD_ATTRIBUTE]: '' };
        return tag.tag === 'meta' ? <meta key={index} {...attrs} /> : <link key={index} {...attrs} />;
      })}
      {(head.jsonLd ?? []).map((data, index) => (
        <script
          key={`ld-${index}`}
          type="application/ld+json"
          {...{ [HEAD_ATTRIBUTE]: '' }}
          // Escaped so that no text in the content can close the element (jsonForScript).
          dangerouslySetInnerHTML={{ __html: jsonForScript(data) }}
        />
      ))}
    </>
  );
}
