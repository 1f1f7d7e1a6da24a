import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { HeadData } from '#shared/head';
import { HeadMarkup } from './document-head';

const hostile = 'Pesu </script><script>alert(1)</script> <!-- & \u2028';

const head: HeadData = {
  lang: 'fi-FI',
  title: 'Asema',
  description: 'Kuvaus',
  canonical: 'https://st1.fi/asemat/a',
  alternates: [],
  robots: null,
  openGraph: { title: 'Asema', description: 'Kuvaus', url: null, image: null, locale: 'fi_FI' },
  jsonLd: [{ '@context': 'https://schema.org', '@type': 'GasStation', name: hostile }],
};

describe('HeadMarkup JSON-LD', () => {
  it('writes structured data as a data block that content cannot close or escape', () => {
    const html = renderToStaticMarkup(<HeadMarkup head={head} />);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    const text = blocks[0]![1]!;
    // The element ends where the markup put its end tag, not inside the station name.
    expect(text).not.toMatch(/<\/script|<!--/i);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(JSON.parse(text)).toEqual(head.jsonLd![0]);
  });

  it('adds the twitter card kind beside Open Graph', () => {
    const html = renderToStaticMarkup(<HeadMarkup head={head} />);
    expect(html).toContain('<meta name="twitter:card" content="summary"');
    const withImage = renderToStaticMarkup(
      <HeadMarkup
        head={{ ...head, openGraph: { ...head.openGraph, image: 'https://st1.fi/images/og-default.png' } }}
      />,
    );
    expect(withImage).toContain('<meta name="twitter:card" content="summary_large_image"');
  });
});
