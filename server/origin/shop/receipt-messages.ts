/** The receipt e-mail and SMS, in the order's locale, with texts from locales/{locale}/server.po. */
import { isLocale, type Locale } from '../../../src/shared/locales';
import { formatPrice, centsToEuros } from '../../../src/shared/shop/money';
import { serverText } from '../server-texts';
import type { OrderItemRow, OrderRow } from './orders-repository';

/** The ids of the receipt texts in locales/{locale}/server.po (marked for `lingui extract`). */
export const RECEIPT_TEXTS = {
  subject: /*i18n*/ 'server.receipt.email-subject',
  greeting: /*i18n*/ 'server.receipt.greeting',
  codes: /*i18n*/ 'server.receipt.codes',
  total: /*i18n*/ 'server.receipt.total',
  sms: /*i18n*/ 'server.receipt.sms',
};

export function receiptMessages(
  order: OrderRow,
  items: OrderItemRow[],
  codes: Array<{ code: string; order_item_id: number }>,
) {
  const locale: Locale = isLocale(order.locale) ? order.locale : 'fi-FI';
  const text = (id: string, values?: Record<string, string>) => serverText(locale, id, values);
  const orderId = String(order.id);
  const lines = items.map((item) => {
    const itemCodes = codes.filter((code) => code.order_item_id === item.id).map((code) => code.code);
    return `${item.quantity} × ${item.name} – ${formatPrice(centsToEuros(item.unit_price_cents * item.quantity), locale)}\n  ${text(RECEIPT_TEXTS.codes, { codes: itemCodes.join(', ') })}`;
  });
  const total = text(RECEIPT_TEXTS.total, { total: formatPrice(centsToEuros(order.total_cents), locale) });
  return {
    email: {
      subject: text(RECEIPT_TEXTS.subject, { orderId }),
      body: [text(RECEIPT_TEXTS.greeting), '', orderId, '', ...lines, '', total].join('\n'),
    },
    sms: text(RECEIPT_TEXTS.sms, { orderId, codes: codes.map((code) => code.code).join(', ') }),
  };
}
