import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadCatalogs } from '@/i18n/catalogs';
import type { KnownBlockOf, PageContent } from '#shared/content-schema';
import type { PagePayload } from '#shared/payload';
import { PayloadContext } from '@/ui/payload-context';
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

describe('ArticleBlock date', () => {
  const page = { slug: 'a', title: 'Biokaasua', created: '2026-10-01', body: [] } as unknown as PageContent;

  function render(dates: Record<string, string> | undefined): string {
    const payload = { locale: 'fi-FI', ...(dates ? { dates } : {}) } as PagePayload;
    return renderToString(
      <I18nProvider i18n={catalogs['fi-FI']}>
        <SiteContext.Provider value={{ locale: 'fi-FI', basename: '' }}>
          <PayloadContext.Provider value={payload}>
            <ArticleBlock block={block} page={page} />
          </PayloadContext.Provider>
        </SiteContext.Provider>
      </I18nProvider>,
    );
  }

  // A page's first Intl formatter pays the browser's ICU set-up inside hydration
  // (#shared/cms-date.ts): the date the server printed is used as it is.
  it('shows the date the server printed, without an Intl formatter', () => {
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat');
    const html = render({ '2026-10-01': '1. lokakuuta 2026' });
    expect(html).toContain('<time dateTime="2026-10-01">');
    expect(html).toContain('1. lokakuuta 2026');
    expect(dateTimeFormat).not.toHaveBeenCalled();
    dateTimeFormat.mockRestore();
  });

  it('formats the date itself when the payload has none (a payload made on the device)', () => {
    expect(render(undefined)).toContain('1. lokakuuta 2026');
  });
});
