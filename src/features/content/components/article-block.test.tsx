import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { preloadCatalogs } from '@/i18n/catalogs';
import type { KnownBlockOf, PageContent } from '#shared/content-schema';
import { LOCALES, type Locale } from '#shared/locales';
import { SiteContext } from '@/ui/site-context';
import { ArticleBlock } from './article-block';

let catalogs: Record<Locale, I18n>;
beforeAll(async () => {
  catalogs = await preloadCatalogs();
});

const block = { type: 'article', lead: 'Lead' } as KnownBlockOf<'article'>;

function tagsOf(locale: Locale, tags: string[]): string[] {
  const page = { slug: 'a', title: 'A', description: '', contentType: 'articlePage', body: [], tags } as unknown as PageContent;
  const html = renderToString(
    <I18nProvider i18n={catalogs[locale]}>
      <SiteContext.Provider value={{ locale, basename: '' }}>
        <ArticleBlock block={block} page={page} />
      </SiteContext.Provider>
    </I18nProvider>,
  );
  return [...html.matchAll(/<li class="article-tags__tag">([^<]*)<\/li>/g)].map((match) => match[1]!);
}

describe('ArticleBlock tags', () => {
  const expected: Record<Locale, [string, string]> = {
    'fi-FI': ['Tiedote', 'Tarina'],
    'en-EU': ['Press release', 'Story'],
    'sv-SE': ['Pressmeddelande', 'Berättelse'],
    'no-NO': ['Pressemelding', 'Historie'],
  };

  it.each(LOCALES)('shows the list keys pressRelease and story as words in %s', (locale) => {
    expect(tagsOf(locale, ['pressRelease', 'story'])).toEqual(expected[locale]);
  });

  it('shows editors’ own tags as written', () => {
    expect(tagsOf('sv-SE', ['vindkraft', 'hållbarhet'])).toEqual(['vindkraft', 'hållbarhet']);
  });
});
