import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { layoutSchema } from '#shared/content-schema';
import { LOCALES } from '#shared/locales';
import { TextWithPhone } from './customer-service-phone';

describe('TextWithPhone', () => {
  it('puts the number into the text as a tel: link', () => {
    const html = renderToStaticMarkup(
      createElement(TextWithPhone, { text: (phone: string) => `Ring ${phone} i dag`, phone: '+46 31 64 50 00' }),
    );
    expect(html).toBe('Ring <a href="tel:+4631645000" class="phone-number">+46 31 64 50 00</a> i dag');
  });

  it('ends the text where the number stood when the layout has none', () => {
    const html = renderToStaticMarkup(
      createElement(TextWithPhone, { text: (phone: string) => `Contact customer service ${phone}`, phone: undefined }),
    );
    expect(html).toBe('Contact customer service');
  });
});

describe('customer-service numbers in content/ (one per locale)', () => {
  const layouts = import.meta.glob<unknown>('../../content/layout/*.json', { eager: true, import: 'default' });
  const contact = Object.values(
    import.meta.glob<{ locales: Record<string, { body: Array<Record<string, unknown>> }> }>(
      '../../content/pages/contact.json',
      { eager: true, import: 'default' },
    ),
  )[0]!;

  it('each locale has its own number in its layout, the one place for it', () => {
    const phones = Object.fromEntries(
      LOCALES.map((locale) => [
        locale,
        layoutSchema.parse(layouts[`../../content/layout/${locale}.json`]).customerServicePhone,
      ]),
    );
    expect(phones).toEqual({
      'fi-FI': '+358 800 131 131',
      'en-EU': '+358 800 131 131',
      'sv-SE': '+46 31 64 50 00',
      'no-NO': '+47 22 96 60 00',
    });
  });

  it('the contact page takes the number from there instead of writing its own', () => {
    for (const locale of LOCALES) {
      const details = contact.locales[locale]!.body.filter((block) => block.type === 'contactDetails');
      expect(details).toHaveLength(1);
      expect(details[0]).toMatchObject({ customerService: true });
      expect(details[0]).not.toHaveProperty('phone');
    }
  });
});
