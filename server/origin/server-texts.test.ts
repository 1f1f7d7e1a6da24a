/**
 * The origin's texts come from locales/{locale}/server.po (docs/i18n.md): every id the
 * code uses must be in all four catalogs, marked so that `lingui extract` keeps it, and
 * render with its values in each locale.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#shared/locales';
import { ACCOUNT_EMAIL_TEXTS, accountEmail } from './accounts/account-emails';
import { loadServerCatalog, serverText } from './server-texts';
import { GATEWAY_PAGE_TEXTS, gatewayPageHtml } from './shop/payments/gateway-page';
import { RECEIPT_TEXTS } from './shop/receipt-messages';
import { STATION_PAGE_TEXTS, stationPage } from './stations/stations-views';
import type { StationRecord } from './stations/stations-record';

/** Each module that uses server texts, with the ids it uses. */
const USERS: Record<string, string[]> = {
  'accounts/account-emails.ts': Object.values(ACCOUNT_EMAIL_TEXTS).flatMap((text) => Object.values(text)),
  'shop/receipt-messages.ts': Object.values(RECEIPT_TEXTS),
  'stations/stations-views.ts': Object.values(STATION_PAGE_TEXTS),
  'shop/payments/gateway-page.ts': Object.values(GATEWAY_PAGE_TEXTS),
};
const ids = Object.values(USERS).flat();

describe('server text catalogs', () => {
  it.each(LOCALES)('%s holds every id the origin uses, and no other', (locale) => {
    expect(ids.length).toBeGreaterThan(20);
    expect(Object.keys(loadServerCatalog(locale)).sort()).toEqual([...ids].sort());
  });

  it.each(Object.entries(USERS))('%s marks its ids for lingui extract', (file, used) => {
    const source = readFileSync(join(import.meta.dirname, file), 'utf8');
    for (const id of used) expect(source, id).toContain(`/*i18n*/ '${id}'`);
  });

  it('fails loudly on an unknown id rather than sending the id to a customer', () => {
    expect(() => serverText('fi-FI', 'server.no-such-text')).toThrow(/No server text "server.no-such-text"/);
  });
});

describe('server texts with values', () => {
  const sms = {
    'fi-FI': 'St1-pesukoodisi (A-1000): K1, K2',
    'en-EU': 'Your St1 wash codes (A-1000): K1, K2',
    'sv-SE': 'Dina St1-tvättkoder (A-1000): K1, K2',
    'no-NO': 'Dine St1-vaskekoder (A-1000): K1, K2',
  };
  it.each(LOCALES)('render the receipt SMS in %s', (locale) => {
    expect(serverText(locale, RECEIPT_TEXTS.sms, { orderId: 'A-1000', codes: 'K1, K2' })).toBe(sms[locale]);
  });

  it('chooses the station kind by an ICU select, per locale', () => {
    const values = { address: 'Katu 1', city: 'Oulu' };
    expect(serverText('fi-FI', STATION_PAGE_TEXTS.intro, { ...values, express: 'yes' })).toBe(
      'Miehittämätön St1 Express -asema palvelee osoitteessa Katu 1, Oulu. Tarkista ajantasaiset aukioloajat ja palvelut alta.',
    );
    expect(serverText('sv-SE', STATION_PAGE_TEXTS.intro, { ...values, express: 'no' })).toBe(
      'En St1-station på Katu 1, Oulu. Se aktuella öppettider och tjänster nedan.',
    );
  });

  it('puts the six-digit code on its own line of the confirmation e-mail, and none in a reset e-mail', () => {
    const confirm = accountEmail('confirm-email', {
      locale: 'no-NO',
      token: 'abc123',
      code: '012345',
      linkBase: 'https://www.st1.no',
    });
    expect(confirm.body.split('\n').at(-1)).toBe('Bekreftelseskode: 012345');
    const reset = accountEmail('reset-password', { locale: 'no-NO', token: 'abc123', linkBase: 'https://www.st1.no' });
    expect(reset.subject).toBe('Tilbakestill passordet ditt');
    expect(reset.body.split('\n').at(-1)).toBe('https://www.st1.no/no-NO/min-konto/nytt-passord?token=abc123');
  });

  it('escapes values in the HTML of a station page and of the payment page', () => {
    const record = {
      slug: 'x',
      name: 'A & B',
      address: '<b>Tie</b> 1',
      city: "O'lu",
      express: false,
      features: {},
      country: 'FI',
      hours: { format: 'malformed', raw: '' },
    } as unknown as StationRecord;
    const page = stationPage(record, 'en-EU', new Date('2026-01-05T10:00:00Z'), undefined);
    expect(page.content.body).toEqual([
      {
        type: 'richText',
        html: '<p>A St1 station at &lt;b&gt;Tie&lt;/b&gt; 1, O&#39;lu. Check the current opening hours and services below.</p>',
      },
    ]);
    // The description is plain text (a meta tag's content, escaped where it is rendered).
    expect(page.content.description).toBe(
      "A & B, <b>Tie</b> 1, O'lu: opening hours, fuels, services and contact details.",
    );

    const html = gatewayPageHtml(
      { id: 'p1', order_id: 'o<1>', amount_cents: 1250, status: 'approved', method_type: 'card', bank: null } as never,
      'sv-SE',
      '/pay',
    );
    expect(html).toContain('<dt>Beställning</dt><dd>o&lt;1&gt;</dd>');
    expect(html).toContain('<p>Den här betalningen är redan behandlad.</p>');
  });
});
