/**
 * The receipt e-mail (text and HTML) and SMS, in the order's locale, with texts from
 * locales/{locale}/server.po. A receipt carries what a customer and a bookkeeper need
 * (docs/shop.md "Receipt"): the seller (name, business ID, address), the order number and
 * date, each line, the discount, the VAT per rate and the total.
 */
import escapeHtml from 'escape-html';
import { isLocale, LOCALE_INFO, type Locale } from '#shared/locales';
import { BANKS } from '#shared/shop/api-schema';
import { formatPrice, centsToEuros } from '#shared/shop/money';
import { vatByRate } from '#shared/shop/pricing';
import { serverText } from '../server-texts';
import type { Seller } from './catalog-files';
import type { OrderItemRow, OrderRow } from './orders-repository';

/** The ids of the receipt texts in locales/{locale}/server.po (marked for `lingui extract`). */
export const RECEIPT_TEXTS = {
  subject: /*i18n*/ 'server.receipt.email-subject',
  greeting: /*i18n*/ 'server.receipt.greeting',
  codes: /*i18n*/ 'server.receipt.codes',
  total: /*i18n*/ 'server.receipt.total',
  totalLabel: /*i18n*/ 'server.receipt.total-label',
  paymentMethod: /*i18n*/ 'server.receipt.payment-method',
  methodCard: /*i18n*/ 'server.receipt.method-card',
  methodBank: /*i18n*/ 'server.receipt.method-bank',
  sms: /*i18n*/ 'server.receipt.sms',
  seller: /*i18n*/ 'server.receipt.seller',
  businessId: /*i18n*/ 'server.receipt.business-id',
  orderNumber: /*i18n*/ 'server.receipt.order-number',
  date: /*i18n*/ 'server.receipt.date',
  subtotal: /*i18n*/ 'server.receipt.subtotal',
  discount: /*i18n*/ 'server.receipt.discount',
  vat: /*i18n*/ 'server.receipt.vat',
  vatTotal: /*i18n*/ 'server.receipt.vat-total',
  line: /*i18n*/ 'server.receipt.line',
};

type Codes = Array<{ code: string; order_item_id: number }>;

/** A receipt's content, once, for both the text and the HTML form. */
interface Receipt {
  seller: Seller;
  heading: string;
  facts: Array<[label: string, value: string]>;
  lines: Array<{ description: string; amount: string; codes: string | null }>;
  /** Subtotal, discount, VAT per rate, total: label and amount. */
  sums: Array<[label: string, value: string]>;
  /** "Total: 15,86 €" for the text form; label and amount apart for the HTML table's two cells. */
  total: string;
  totalLabel: string;
  totalAmount: string;
}

/** How an order was paid: the method and, for an online bank, which (shop_payments). */
export interface ReceiptPayment {
  method_type: 'card' | 'bank';
  bank: string | null;
}

/**
 * The seller's address with its country line in the mail's language: the catalog writes it
 * in English ("Finland"), a Finnish receipt says "Suomi" (Intl.DisplayNames of the region).
 */
function addressIn(seller: Seller, locale: Locale): string[] {
  const region = (name: string) =>
    ({ finland: 'FI', sweden: 'SE', norway: 'NO', suomi: 'FI', sverige: 'SE', norge: 'NO', ruotsi: 'SE', norja: 'NO' })[
      name.trim().toLowerCase()
    ];
  const names = new Intl.DisplayNames([LOCALE_INFO[locale].formatLocale], { type: 'region' });
  return seller.address.map((line) => {
    const code = region(line);
    return code ? (names.of(code) ?? line) : line;
  });
}

function orderDate(order: OrderRow, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_INFO[locale].formatLocale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: LOCALE_INFO[locale].timeZone,
  }).format(new Date(order.paid_at ?? order.created_at));
}

function paymentText(payment: ReceiptPayment, locale: Locale): string {
  if (payment.method_type === 'card') return serverText(locale, RECEIPT_TEXTS.methodCard);
  const bank = BANKS.find((candidate) => candidate.id === payment.bank)?.name ?? payment.bank ?? '';
  return serverText(locale, RECEIPT_TEXTS.methodBank, { bank });
}

function receiptOf(
  order: OrderRow,
  items: OrderItemRow[],
  codes: Codes,
  seller: Seller,
  locale: Locale,
  payment: ReceiptPayment | undefined,
): Receipt {
  const text = (id: string, values?: Record<string, string>) => serverText(locale, id, values);
  const price = (cents: number) => formatPrice(centsToEuros(cents), locale);
  const percent = new Intl.NumberFormat(LOCALE_INFO[locale].formatLocale, { maximumFractionDigits: 2 });
  const lines = items.map((item) => {
    const itemCodes = codes.filter((code) => code.order_item_id === item.id).map((code) => code.code);
    return {
      description: text(RECEIPT_TEXTS.line, {
        quantity: String(item.quantity),
        name: item.name,
        unitPrice: price(item.unit_price_cents),
      }),
      amount: price(item.unit_price_cents * item.quantity),
      codes: itemCodes.length > 0 ? text(RECEIPT_TEXTS.codes, { codes: itemCodes.join(', ') }) : null,
    };
  });
  const vat = vatByRate(
    items.map((item) => ({
      unitPriceCents: item.unit_price_cents,
      quantity: item.quantity,
      taxRateBasisPoints: item.tax_rate_bp,
    })),
    order.discount_cents,
  );
  const sums: Receipt['sums'] = [[text(RECEIPT_TEXTS.subtotal), price(order.subtotal_cents)]];
  if (order.discount_cents > 0)
    sums.push([text(RECEIPT_TEXTS.discount, { code: order.discount_code ?? '' }), `−${price(order.discount_cents)}`]);
  for (const share of vat)
    sums.push([
      text(RECEIPT_TEXTS.vat, {
        rate: percent.format(share.taxRateBasisPoints / 100),
        base: price(share.grossCents - share.taxCents),
      }),
      price(share.taxCents),
    ]);
  if (vat.length > 1) sums.push([text(RECEIPT_TEXTS.vatTotal), price(order.tax_cents)]);
  return {
    seller,
    heading: text(RECEIPT_TEXTS.greeting),
    facts: [
      [text(RECEIPT_TEXTS.orderNumber), String(order.id)],
      [text(RECEIPT_TEXTS.date), orderDate(order, locale)],
      ...(payment ? [[text(RECEIPT_TEXTS.paymentMethod), paymentText(payment, locale)] as [string, string]] : []),
    ],
    lines,
    sums,
    total: text(RECEIPT_TEXTS.total, { total: price(order.total_cents) }),
    totalLabel: text(RECEIPT_TEXTS.totalLabel),
    totalAmount: price(order.total_cents),
  };
}

function sellerLines(receipt: Receipt, locale: Locale): string[] {
  const { seller } = receipt;
  return [
    `${serverText(locale, RECEIPT_TEXTS.seller)}: ${seller.name}`,
    `${serverText(locale, RECEIPT_TEXTS.businessId)}: ${seller.businessId}`,
    ...addressIn(seller, locale),
  ];
}

function receiptText(receipt: Receipt, locale: Locale): string {
  return [
    receipt.heading,
    '',
    ...receipt.facts.map(([label, value]) => `${label}: ${value}`),
    '',
    ...receipt.lines.flatMap((line) => [
      `${line.description}  ${line.amount}`,
      ...(line.codes ? [`  ${line.codes}`] : []),
    ]),
    '',
    ...receipt.sums.map(([label, value]) => `${label}  ${value}`),
    receipt.total,
    '',
    ...sellerLines(receipt, locale),
  ].join('\n');
}

/** Plain, table-based HTML that mail clients render alike; every value escaped. */
function receiptHtml(receipt: Receipt, locale: Locale, subject: string): string {
  const e = escapeHtml;
  const row = (label: string, value: string, strong = false) =>
    `<tr><td style="padding:4px 12px 4px 0">${strong ? `<strong>${e(label)}</strong>` : e(label)}</td><td style="padding:4px 0;text-align:right;white-space:nowrap">${strong ? `<strong>${e(value)}</strong>` : e(value)}</td></tr>`;
  const lines = receipt.lines
    .map(
      (line) =>
        `${row(line.description, line.amount)}${line.codes ? `<tr><td colspan="2" style="padding:0 0 8px 16px;font-family:monospace">${e(line.codes)}</td></tr>` : ''}`,
    )
    .join('');
  return `<!doctype html>
<html lang="${LOCALE_INFO[locale].htmlLang}">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.4">
<h1 style="font-size:20px">${e(receipt.heading)}</h1>
<p>${receipt.facts.map(([label, value]) => `${e(label)}: <strong>${e(value)}</strong>`).join('<br>')}</p>
<table role="presentation" style="border-collapse:collapse;min-width:320px">
${lines}
${receipt.sums.map(([label, value]) => row(label, value)).join('\n')}
${row(receipt.totalLabel, receipt.totalAmount, true)}
</table>
<p style="color:#555;font-size:13px">${sellerLines(receipt, locale).map(e).join('<br>')}</p>
</body>
</html>`;
}

export function receiptMessages(
  order: OrderRow,
  items: OrderItemRow[],
  codes: Codes,
  seller: Seller,
  payment?: ReceiptPayment,
) {
  const locale: Locale = isLocale(order.locale) ? order.locale : 'fi-FI';
  const orderId = String(order.id);
  const receipt = receiptOf(order, items, codes, seller, locale, payment);
  const subject = serverText(locale, RECEIPT_TEXTS.subject, { orderId });
  return {
    email: { subject, body: receiptText(receipt, locale), html: receiptHtml(receipt, locale, subject) },
    sms: serverText(locale, RECEIPT_TEXTS.sms, { orderId, codes: codes.map((code) => code.code).join(', ') }),
  };
}
