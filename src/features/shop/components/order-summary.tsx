/**
 * What is being bought, beside both checkout steps, so the customer sees what they pay for: each line's name, amount,
 * unit price and line total, then the server's totals. Read-only: amounts are changed in
 * the cart, which the heading links to.
 */
import { useId } from 'react';
import { Link } from '@/ui/link';
import { useSnapshot } from 'valtio';
import { useLingui } from '@lingui/react';
import { formatPrice, formatPriceInText } from '#shared/shop/money';
import { SHOP_PATHS } from '#shared/shop/shop-paths';
import { useSite } from '@/ui/site-context';
import { CartTotals } from './cart-totals';
import { lineTotal } from '../cart/cart-items';
import { useCartService } from '../cart/cart-context';

export function OrderSummary() {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const snapshot = useSnapshot(useCartService().state);
  const headingId = useId();
  return (
    <section className="order-summary" aria-labelledby={headingId}>
      <h2 id={headingId} className="order-summary__heading">
        {i18n._('shop.checkout.summary')}
      </h2>
      <ul className="order-summary__items">
        {snapshot.items.map((item) => (
          <li key={item.code} className="order-summary__line">
            <span className="order-summary__name">
              {item.amount} × {item.name}
            </span>
            <span className="order-summary__unit shop-muted">
              {i18n._('shop.cart.unitPrice', { price: formatPriceInText(item.price, locale) })}
            </span>
            <span className="order-summary__total">{formatPrice(lineTotal(item), locale)}</span>
          </li>
        ))}
      </ul>
      {snapshot.totals ? <CartTotals totals={snapshot.totals} outOfDate={snapshot.status !== 'valid'} /> : null}
      <p>
        <Link to={SHOP_PATHS.cart[locale]}>{i18n._('shop.checkout.editCart')}</Link>
      </p>
    </section>
  );
}
