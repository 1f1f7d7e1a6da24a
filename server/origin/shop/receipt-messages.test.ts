import { describe, expect, it } from 'vitest';
import { LOCALES } from '#shared/locales';
import { computeTotals } from '#shared/shop/pricing';
import { receiptMessages } from './receipt-messages';
import type { OrderItemRow, OrderRow } from './orders-repository';

const seller = { name: 'St1 Oy', businessId: '1234567-1', address: ['Purotie 1 B', '00380 Helsinki', 'Finland'] };

/** Two tax rates and a 10 % code, so that the discount and the VAT per rate both show. */
const items: OrderItemRow[] = [
  {
    id: 1,
    order_id: 'ORD-1',
    position: 0,
    product_code: 'WASH-PREMIUM-5',
    name: 'Premium <5>',
    quantity: 2,
    unit_price_cents: 7990,
    tax_rate_bp: 2550,
    washes_per_unit: 5,
  },
  {
    id: 2,
    order_id: 'ORD-1',
    position: 1,
    product_code: 'COFFEE',
    name: 'Coffee',
    quantity: 1,
    unit_price_cents: 350,
    tax_rate_bp: 1400,
    washes_per_unit: 0,
  },
];
const totals = computeTotals(
  items.map((item) => ({
    unitPriceCents: item.unit_price_cents,
    quantity: item.quantity,
    taxRateBasisPoints: item.tax_rate_bp,
  })),
  { kind: 'percentage', basisPoints: 1000 },
);

function order(locale: string): OrderRow {
  return {
    id: 'ORD-0123456789ABCDEF0123',
    idempotency_key: 'key',
    request_hash: 'hash',
    status: 'paid',
    customer_id: null,
    locale,
    email: 'maija@example.com',
    firstname: 'Maija',
    lastname: 'Meikäläinen',
    telephone_prefix: 'FIN|358',
    telephone_number: '401234567',
    marketing_json: '[]',
    send_sms: 0,
    discount_code: 'SPRING10',
    subtotal_cents: totals.subtotal,
    discount_cents: totals.discount,
    tax_cents: totals.taxAmount,
    total_cents: totals.totalWithTax,
    currency: 'EUR',
    created_at: '2026-11-20T10:00:00.000Z',
    paid_at: '2026-11-20T10:02:00.000Z',
  };
}
const codes = [{ code: 'ST1-123456789012', order_item_id: 1 }];

describe('the receipt e-mail', () => {
  it('carries the seller, order number, date, lines, discount, VAT per rate and total (fi-FI)', () => {
    const { email } = receiptMessages(order('fi-FI'), items, codes, seller);
    expect(totals).toMatchObject({ subtotal: 16330, discount: 1633, totalWithTax: 14697 });
    const body = email.body;
    for (const expected of [
      'Myyjä: St1 Oy',
      'Y-tunnus: 1234567-1',
      'Purotie 1 B',
      'Tilausnumero: ORD-0123456789ABCDEF0123',
      // Paid at 10:02 UTC is 12.02 in Helsinki.
      '20. marraskuuta 2026 klo 12.02',
      '2 × Premium <5> à 79,90 €  159,80 €',
      '1 × Coffee à 3,50 €  3,50 €',
      'Pesukoodit: ST1-123456789012',
      'Välisumma  163,30 €',
      'Alennus (SPRING10)  −16,33 €',
      'ALV 25,5 %',
      'ALV 14 %',
      'Yhteensä: 146,97 €',
    ])
      expect(body).toContain(expected);
  });

  it('lists VAT per rate that adds up to the order tax', () => {
    const { email } = receiptMessages(order('en-EU'), items, codes, seller);
    const vat = [...email.body.matchAll(/^VAT [\d.]+% \(net [^)]+\)\s+€?([\d.,]+)/gm)].map((match) => match[1]);
    expect(vat).toHaveLength(2);
    const sum = vat.reduce((total, value) => total + Math.round(Number(value!.replace(',', '')) * 100), 0);
    expect(sum).toBe(totals.taxAmount);
    expect(email.body).toContain(`VAT total`);
  });

  it.each(LOCALES)('%s: text and HTML in the language of the order, values escaped in HTML', (locale) => {
    const { email } = receiptMessages(order(locale), items, codes, seller);
    const words = { 'fi-FI': 'Alennus', 'en-EU': 'Discount', 'sv-SE': 'Rabatt', 'no-NO': 'Rabatt' }[locale];
    expect(email.body).toContain(words);
    expect(email.html).toContain(words);
    expect(email.html).toContain('Premium &lt;5&gt;');
    expect(email.html).not.toContain('Premium <5>');
    expect(email.html).toContain('1234567-1');
    expect(email.html).toMatch(/^<!doctype html>/);
  });

  it.each([
    ['fi-FI', 'Suomi', 'Maksutapa: Verkkopankki (Nordea)', 'Yhteensä'],
    ['en-EU', 'Finland', 'Payment method: Online bank (Nordea)', 'Total'],
    ['sv-SE', 'Finland', 'Betalsätt: Internetbank (Nordea)', 'Totalt'],
    ['no-NO', 'Finland', 'Betalingsmåte: Nettbank (Nordea)', 'Totalt'],
  ] as const)(
    "%s: the country in the mail's language, the payment method, the total in its own cell (issue 30 #12)",
    (locale, country, method, totalLabel) => {
      const { email } = receiptMessages(order(locale), items, codes, seller, { method_type: 'bank', bank: 'nordea' });
      expect(email.body.split('\n')).toContain(country);
      expect(email.body).toContain(method);
      const amount = /Yhteensä: (.+)$|Total: (.+)$|Totalt: (.+)$/m.exec(email.body)!.slice(1).find(Boolean)!;
      // The HTML total row: the label in one cell, the amount in the other (it was empty).
      const totalRow =
        /<tr><td[^>]*><strong>([^<]*)<\/strong><\/td><td[^>]*><strong>([^<]*)<\/strong><\/td><\/tr>\s*<\/table>/.exec(
          email.html,
        );
      expect(totalRow?.[1]).toBe(totalLabel);
      expect(totalRow?.[2]).toBe(amount.replace(/\u00a0/g, '&nbsp;').replace(/&nbsp;/g, '\u00a0'));
      expect(email.html).toContain(country);
    },
  );

  it('names a card payment as a card, and leaves the line out when the payment is not known', () => {
    const card = receiptMessages(order('en-EU'), items, codes, seller, { method_type: 'card', bank: null });
    expect(card.email.body).toContain('Payment method: Card');
    expect(receiptMessages(order('en-EU'), items, codes, seller).email.body).not.toContain('Payment method');
  });

  it('has no discount line when no code was used', () => {
    const plain = { ...order('en-EU'), discount_code: null, discount_cents: 0 };
    expect(receiptMessages(plain, items, codes, seller).email.body).not.toContain('Discount');
  });
});
