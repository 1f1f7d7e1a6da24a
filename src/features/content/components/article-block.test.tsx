import { I18nProvider } from '@lingui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '@/i18n/catalogs';
import type { PageContent } from '#shared/content-schema';
import type { PagePayload } from '#shared/payload';
import { PayloadContext } from '@/ui/payload-context';
import { SiteContext } from '@/ui/site-context';
import { ArticleBlock } from './article-block';

const page = { slug: 'a', title: 'Biokaasua', created: '2026-10-01', body: [] } as unknown as PageContent;

async function render(dates: Record<string, string> | undefined): Promise<string> {
  const i18n = await createI18n('fi-FI');
  const payload = { locale: 'fi-FI', ...(dates ? { dates } : {}) } as PagePayload;
  return renderToString(
    <I18nProvider i18n={i18n}>
      <SiteContext.Provider value={{ locale: 'fi-FI', basename: '' }}>
        <PayloadContext.Provider value={payload}>
          <ArticleBlock block={{ type: 'article', lead: 'Lead' }} page={page} />
        </PayloadContext.Provider>
      </SiteContext.Provider>
    </I18nProvider>,
  );
}

describe('ArticleBlock', () => {
  // A page's first Intl formatter pays the browser's ICU set-up inside hydration
  // (#shared/cms-date.ts): the date the server printed is used as it is.
  it('shows the date the server printed, without an Intl formatter', async () => {
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat');
    const html = await render({ '2026-10-01': '1. lokakuuta 2026' });
    expect(html).toContain('<time dateTime="2026-10-01">');
    expect(html).toContain('1. lokakuuta 2026');
    expect(dateTimeFormat).not.toHaveBeenCalled();
    dateTimeFormat.mockRestore();
  });

  it('formats the date itself when the payload has none (a payload made on the device)', async () => {
    expect(await render(undefined)).toContain('1. lokakuuta 2026');
  });
});
