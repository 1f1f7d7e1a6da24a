/** The hosted page of the payment test gateway: plain HTML, no script, works by keyboard. */
import { isLocale, LOCALE_INFO, type Locale } from '#shared/locales';
import { banksFor, TEST_CARDS } from '#shared/shop/api-schema';
import { centsToEuros, formatPrice } from '#shared/shop/money';
import { serverText } from '../../server-texts';
import type { ShopPaymentsTable } from '../shop-tables';
import escapeHtml from 'escape-html';
import { standaloneDocumentHtml } from '#shared/standalone-document';

/** The ids of the page's texts in locales/{locale}/server.po (marked for `lingui extract`). */
export const GATEWAY_PAGE_TEXTS = {
  title: /*i18n*/ 'server.payment-gateway.title',
  test: /*i18n*/ 'server.payment-gateway.test',
  order: /*i18n*/ 'server.payment-gateway.order',
  amount: /*i18n*/ 'server.payment-gateway.amount',
  method: /*i18n*/ 'server.payment-gateway.method',
  cards: /*i18n*/ 'server.payment-gateway.cards',
  banks: /*i18n*/ 'server.payment-gateway.banks',
  approve: /*i18n*/ 'server.payment-gateway.approve',
  decline: /*i18n*/ 'server.payment-gateway.decline',
  cancel: /*i18n*/ 'server.payment-gateway.cancel',
  done: /*i18n*/ 'server.payment-gateway.done',
};

export function gatewayPageHtml(payment: ShopPaymentsTable, orderLocale: string, prefix: string): string {
  const locale: Locale = isLocale(orderLocale) ? orderLocale : 'fi-FI';
  // Every text HTML-escaped, as the values are: a translation may hold "&" or "<".
  const text = Object.fromEntries(
    Object.entries(GATEWAY_PAGE_TEXTS).map(([key, id]) => [key, escapeHtml(serverText(locale, id))]),
  ) as Record<keyof typeof GATEWAY_PAGE_TEXTS, string>;
  const selected = payment.method_type === 'bank' ? `bank:${payment.bank ?? ''}` : `card:${TEST_CARDS[0].id}`;
  const option = (value: string, label: string) =>
    `<label class="option"><input type="radio" name="method" value="${escapeHtml(value)}"${value === selected ? ' checked' : ''} required> ${escapeHtml(label)}</label>`;
  const body =
    payment.status === 'created'
      ? `<form method="post" action="${prefix}/pay/${escapeHtml(payment.id)}">
  <fieldset><legend>${text.method}</legend>
    <p class="group">${text.cards}</p>
    ${TEST_CARDS.map((card) => option(`card:${card.id}`, card.name)).join('\n    ')}
    <p class="group">${text.banks}</p>
    ${banksFor(locale)
      .map((bank) => option(`bank:${bank.id}`, bank.name))
      .join('\n    ')}
  </fieldset>
  <div class="actions">
    <button type="submit" name="action" value="approve" class="primary">${text.approve}</button>
    <button type="submit" name="action" value="decline">${text.decline}</button>
    <button type="submit" name="action" value="cancel" formnovalidate>${text.cancel}</button>
  </div>
</form>`
      : `<p>${text.done}</p>`;
  return standaloneDocumentHtml({
    lang: LOCALE_INFO[locale].htmlLang,
    title: `${serverText(locale, GATEWAY_PAGE_TEXTS.title)} – St1 Test Pay`,
    stylesheet: `${prefix}/gateway.css`,
    body: `<main>
<h1>St1 Test Pay</h1>
<p class="note">${text.test}</p>
<dl>
  <dt>${text.order}</dt><dd>${escapeHtml(payment.order_id)}</dd>
  <dt>${text.amount}</dt><dd>${formatPrice(centsToEuros(payment.amount_cents), locale)}</dd>
</dl>
${body}
</main>`,
  });
}

export const GATEWAY_CSS = `
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #f3f4f6; color: #111827; }
main { max-width: 32rem; margin: 0 auto; padding: 1.5rem 1rem; background: #fff; min-height: 100vh; box-sizing: border-box; }
h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
.note { background: #fef3c7; padding: .5rem .75rem; border-radius: .25rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
dt { font-weight: 600; } dd { margin: 0; }
fieldset { border: 1px solid #9ca3af; border-radius: .5rem; padding: .75rem 1rem; }
legend { font-weight: 600; padding: 0 .25rem; }
.group { margin: .75rem 0 .25rem; font-weight: 600; }
.option { display: flex; align-items: center; gap: .5rem; min-height: 44px; }
.option input { width: 1.25rem; height: 1.25rem; }
.actions { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1rem; }
button { min-height: 44px; padding: .5rem 1rem; font: inherit; border: 2px solid #1f2937; border-radius: .375rem; background: #fff; color: #111827; cursor: pointer; }
button.primary { background: #b91c1c; border-color: #b91c1c; color: #fff; }
button:focus-visible, input:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
`;
