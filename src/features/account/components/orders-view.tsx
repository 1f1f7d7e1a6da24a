/**
 * The customer's orders with their wash codes. Needs a session. No title of its own: the
 * page's h1 (its CMS title) names it, and each order is a section under it (h2).
 */
import { FALLBACK_ERROR_MESSAGE_ID } from '@/ui/notifications-store';
import { useEffect, useState } from 'react';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import type { OrderSummary } from '#shared/account-types';
import { LOCALE_INFO } from '#shared/locales';
import { formatMoney } from '#shared/shop/money';
import { FormMessage } from '@/ui/form/form-field';
import { fetchOrders } from '../api/account-api';
import { Loading, useRequireSession } from './account-helpers';
import { BackToHub } from './back-to-hub';
import { ACCOUNT_ORDERS_STATUS_IDS } from '../message-ids';

export function OrdersView() {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const ready = useRequireSession();
  const [orders, setOrders] = useState<OrderSummary[] | 'failed' | null>(null);

  useEffect(() => {
    if (!ready) return;
    let cancelled = false;
    fetchOrders(locale).then(
      (list) => !cancelled && setOrders(list),
      () => !cancelled && setOrders('failed'),
    );
    return () => {
      cancelled = true;
    };
  }, [ready, locale]);

  if (!ready || orders === null) return <Loading />;
  const { formatLocale, timeZone } = LOCALE_INFO[locale];
  // An order shows the currency it was charged in, in the locale table's format.
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(formatLocale, { dateStyle: 'medium', timeZone }).format(new Date(iso));
  return (
    <div className="account-view">
      <BackToHub />
      {orders === 'failed' ? <FormMessage kind="error">{i18n._(FALLBACK_ERROR_MESSAGE_ID)}</FormMessage> : null}
      {orders !== 'failed' && orders.length === 0 ? <p>{i18n._('account.orders.none')}</p> : null}
      {orders !== 'failed'
        ? orders.map((order) => (
            <article key={order.id} className="account-order" aria-labelledby={`order-${order.id}`}>
              <h2 id={`order-${order.id}`}>{i18n._('account.orders.order', { id: order.id })}</h2>
              <p>
                {date(order.createdAt)} ·{' '}
                {i18n._(
                  ACCOUNT_ORDERS_STATUS_IDS[order.status === 'paid' ? 'paid' : 'pending'] ??
                    `account.orders.status.${order.status === 'paid' ? 'paid' : 'pending'}`,
                )}{' '}
                · {money(order.totalWithTax, order.currency)}
              </p>
              <ul>
                {order.items.map((item) => (
                  <li key={item.code}>
                    {item.amount} × {item.name}
                  </li>
                ))}
              </ul>
              {order.washCodes.length > 0 ? (
                <>
                  <h3>{i18n._('account.orders.wash-codes')}</h3>
                  <ul className="account-order__codes">
                    {order.washCodes.map((code) => (
                      <li key={code.code}>
                        <code>{code.code}</code> {code.productName}
                        {code.used ? ` – ${i18n._('account.orders.used')}` : ''}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </article>
          ))
        : null}
    </div>
  );
}
