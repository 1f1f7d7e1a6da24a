/**
 * The document head of a page (spec §3 Page; DESIGN §3): title, description, canonical,
 * hreflang alternates, Open Graph and robots. Computed once by the site server, embedded
 * in the payload and applied by the browser after client navigation.
 */

export interface HeadData {
  lang: string;
  title: string;
  description: string;
  canonical: string | null;
  alternates: Array<{ hreflang: string; href: string }>;
  robots: string | null;
  openGraph: { title: string; description: string; url: string | null; image: string | null; locale: string };
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
  return tags;
}
