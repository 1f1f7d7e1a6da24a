/**
 * The document head of a page (spec §3 Page; DESIGN §3): title, description, canonical,
 * hreflang alternates, Open Graph, Twitter card, robots and JSON-LD structured data. Computed once by the site server, embedded
 * in the payload and applied by the browser after client navigation.
 */

/** The brand after every page title ("… | St1"), on the server's pages and those the browser titles. */
export const BRAND = 'St1';

export interface HeadData {
  lang: string;
  title: string;
  description: string;
  canonical: string | null;
  alternates: Array<{ hreflang: string; href: string }>;
  /**
   * Absolute URL of every locale's landing page: the locale switcher's link for a locale
   * that has no version of this page (docs/behaviour.md "Locale switcher"). Optional
   * because payloads of an earlier build (kept offline) lack it.
   */
  landings?: Array<{ hreflang: string; href: string }>;
  robots: string | null;
  openGraph: {
    title: string;
    description: string;
    url: string | null;
    image: string | null;
    /** What the image shows, for link previews read aloud (optional: payloads of an earlier build lack it). */
    imageAlt?: string | null;
    locale: string;
  };
  /** schema.org objects for `<script type="application/ld+json">` (server/site/structured-data.ts). */
  jsonLd?: Array<Record<string, unknown>>;
}

export interface HeadTag {
  tag: 'meta' | 'link';
  attrs: Record<string, string>;
}

/** The tags to put in <head> besides <title>, in a stable order. */
export function headTags(head: HeadData): HeadTag[] {
  const tags: HeadTag[] = [{ tag: 'meta', attrs: { name: 'description', content: head.description } }];
  if (head.robots) tags.push({ tag: 'meta', attrs: { name: 'robots', content: head.robots } });
  if (head.canonical) tags.push({ tag: 'link', attrs: { rel: 'canonical', href: head.canonical } });
  for (const alternate of head.alternates) {
    tags.push({ tag: 'link', attrs: { rel: 'alternate', hreflang: alternate.hreflang, href: alternate.href } });
  }
  const og = head.openGraph;
  tags.push({ tag: 'meta', attrs: { property: 'og:type', content: 'website' } });
  tags.push({ tag: 'meta', attrs: { property: 'og:title', content: og.title } });
  tags.push({ tag: 'meta', attrs: { property: 'og:description', content: og.description } });
  tags.push({ tag: 'meta', attrs: { property: 'og:locale', content: og.locale } });
  if (og.url) tags.push({ tag: 'meta', attrs: { property: 'og:url', content: og.url } });
  if (og.image) tags.push({ tag: 'meta', attrs: { property: 'og:image', content: og.image } });
  if (og.image && og.imageAlt) tags.push({ tag: 'meta', attrs: { property: 'og:image:alt', content: og.imageAlt } });
  // Twitter/X falls back to Open Graph, but the validators (and some readers) want its own
  // tags: the card kind, title, description, and the image with its alt text.
  tags.push({ tag: 'meta', attrs: { name: 'twitter:card', content: og.image ? 'summary_large_image' : 'summary' } });
  tags.push({ tag: 'meta', attrs: { name: 'twitter:title', content: og.title } });
  tags.push({ tag: 'meta', attrs: { name: 'twitter:description', content: og.description } });
  if (og.image) tags.push({ tag: 'meta', attrs: { name: 'twitter:image', content: og.image } });
  if (og.image && og.imageAlt) tags.push({ tag: 'meta', attrs: { name: 'twitter:image:alt', content: og.imageAlt } });
  return tags;
}

/**
 * JSON that is safe as the text of a `<script>` element: no "</script>" or "<!--" in the
 * data can close or confuse the element (HTML spec, "restrictions for contents of script
 * elements"), and U+2028/U+2029 stay escaped for old JavaScript parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
