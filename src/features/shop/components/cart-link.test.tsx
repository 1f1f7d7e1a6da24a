import { I18nProvider } from '@lingui/react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '@/i18n/catalogs';
import { pluralForm } from '@/i18n/plural-form';
import { SiteContext } from '@/ui/site-context';
import { LOCALES } from '#shared/locales';
import { CartLink } from './cart-link';

describe('CartLink', () => {
  // The header renders it on every page: a first Intl.NumberFormat there paid the browser's
  // ICU set-up inside hydration (a long task on every page, src/i18n/plural-form.ts).
  it('renders without making an Intl.NumberFormat', async () => {
    const i18n = await createI18n('fi-FI');
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const html = renderToString(
      <I18nProvider i18n={i18n}>
        <SiteContext.Provider value={{ locale: 'fi-FI', basename: '' }}>
          <StaticRouter location="/">
            <CartLink />
          </StaticRouter>
        </SiteContext.Provider>
      </I18nProvider>,
    );
    expect(html).toContain('aria-label="Ostoskori, tyhjä"');
    expect(numberFormat).not.toHaveBeenCalled();
    numberFormat.mockRestore();
  });

  it.each(LOCALES)('%s names the count with the right plural form', async (locale) => {
    const i18n = await createI18n(locale);
    // Not a literal: Lingui's extraction would count this test as a use of the message.
    const id = ['header', 'cartWithCount'].join('.');
    const label = (count: number) =>
      i18n._(id, { count, form: count === 0 ? 'empty' : pluralForm(i18n.locale, count) });
    const expected = {
      'fi-FI': ['Ostoskori, tyhjä', 'Ostoskori, 1 tuote', 'Ostoskori, 2 tuotetta', 'Ostoskori, 21 tuotetta'],
      'en-EU': ['Cart, empty', 'Cart, 1 item', 'Cart, 2 items', 'Cart, 21 items'],
      'sv-SE': ['Varukorg, tom', 'Varukorg, 1 produkt', 'Varukorg, 2 produkter', 'Varukorg, 21 produkter'],
      'no-NO': ['Handlekurv, tom', 'Handlekurv, 1 produkt', 'Handlekurv, 2 produkter', 'Handlekurv, 21 produkter'],
    }[locale];
    expect([0, 1, 2, 21].map(label)).toEqual(expected);
  });
});
