/** The receipt e-mail and SMS texts, in the order's locale. */
import { isLocale, type Locale } from '../../../src/shared/locales';
import { formatPrice, centsToEuros } from '../../../src/shared/shop/money';
import type { OrderItemRow, OrderRow } from './orders-repository';

const TEXTS: Record<Locale, { subject: string; greeting: string; codes: string; total: string; sms: string }> = {
  'fi-FI': {
    subject: 'Tilausvahvistus',
    greeting: 'Kiitos tilauksestasi!',
    codes: 'Pesukoodit',
    total: 'Yhteensä',
    sms: 'St1-pesukoodisi',
  },
  'en-EU': {
    subject: 'Order confirmation',
    greeting: 'Thank you for your order!',
    codes: 'Wash codes',
    total: 'Total',
    sms: 'Your St1 wash codes',
  },
  'sv-SE': {
    subject: 'Orderbekräftelse',
    greeting: 'Tack för din beställning!',
    codes: 'Tvättkoder',
    total: 'Totalt',
    sms: 'Dina St1-tvättkoder',
  },
  'no-NO': {
    subject: 'Ordrebekreftelse',
    greeting: 'Takk for bestillingen!',
    codes: 'Vaskekoder',
    total: 'Totalt',
    sms: 'Dine St1-vaskekoder',
  },
};

export function receiptMessages(
  order: OrderRow,
  items: OrderItemRow[],
  codes: Array<{ code: string; order_item_id: number }>,
) {
  const locale: Locale = isLocale(order.locale) ? order.locale : 'fi-FI';
  const text = TEXTS[locale];
  const lines = items.map((item) => {
    const itemCodes = codes.filter((code) => code.order_item_id === item.id).map((code) => code.code);
    return `${item.quantity} × ${item.name} – ${formatPrice(centsToEuros(item.unit_price_cents * item.quantity), locale)}\n  ${text.codes}: ${itemCodes.join(', ')}`;
  });
  const total = `${text.total}: ${formatPrice(centsToEuros(order.total_cents), locale)}`;
  return {
    email: {
      subject: `${text.subject} ${order.id}`,
      body: [text.greeting, '', `${order.id}`, '', ...lines, '', total].join('\n'),
    },
    sms: `${text.sms} (${order.id}): ${codes.map((code) => code.code).join(', ')}`,
  };
}
