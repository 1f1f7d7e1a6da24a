import { setupI18n, type I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { CmsPage } from '@/features/content';
import { preloadCatalogs } from '@/i18n/catalogs';
import { SiteContext } from '@/ui/site-context';
import type { Page, PageContent } from '#shared/content-schema';
import { blockRegistry, preloadPageBlocks } from './lazy-blocks';

let fi: I18n;
beforeAll(async () => {
  fi = (await preloadCatalogs())['fi-FI'] ?? setupI18n();
});

const text = { type: 'richText', html: '<p>Leipäteksti</p>' } as const;

async function render(body: PageContent['body']): Promise<string> {
  const content: PageContent = {
    slug: 'artikkeli/x',
    title: 'Uusi tuulipuisto',
    description: '',
    contentType: 'articlePage',
    body,
    noIndex: false,
    byline: 'Jari Lehtonen',
  };
  await preloadPageBlocks(content);
  const page: Page = { localizedPagePaths: {}, content };
  return renderToString(
    <I18nProvider i18n={fi}>
      <SiteContext.Provider value={{ locale: 'fi-FI', basename: '' }}>
        <MemoryRouter>
          <CmsPage page={page} blocks={blockRegistry} />
        </MemoryRouter>
      </SiteContext.Provider>
    </I18nProvider>,
  );
}

describe('article page (spec §2: the article block comes first in the body)', () => {
  it('shows the article head first and one h1 when the CMS put the article block further down', async () => {
    const html = await render([text, { type: 'article', lead: 'Ingressi' }]);
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html.indexOf('article-header')).toBeLessThan(html.indexOf('Leipäteksti'));
  });

  it('shows the article head (h1, byline) when the CMS sent no article block', async () => {
    const html = await render([text]);
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toContain('article-header');
    expect(html).toContain('Jari Lehtonen');
    expect(html.indexOf('article-header')).toBeLessThan(html.indexOf('Leipäteksti'));
  });
});
