/**
 * The header's cart link with the item count. Always loaded, so it stays tiny: the count
 * comes from localStorage (cart-count.ts), not from the cart store and its IndexedDB.
 */
import { Link } from '@/ui/link';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import { SHOP_PATHS } from '#shared/shop/shop-paths';
import { pluralForm } from '@/i18n/plural-form';
import { useCartCount } from '../cart/cart-count';
import './cart-link.css';

export function CartLink() {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const count = useCartCount();
  // A select on the plural form, not an ICU plural: see plural-form.ts (a long task on every page).
  const form = count === 0 ? 'empty' : pluralForm(i18n.locale, count);
  return (
    <Link
      to={SHOP_PATHS.cart[locale]}
      className="cart-link"
      aria-label={i18n._('header.cartWithCount', { count, form })}
    >
      <svg className="cart-link__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.7L20.5 8H7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9.5" cy="19" r="1.5" fill="currentColor" />
        <circle cx="17" cy="19" r="1.5" fill="currentColor" />
      </svg>
      <span className="cart-link__label">{i18n._('header.cart')}</span>
      {count > 0 ? (
        <span className="cart-link__count" aria-hidden="true" data-testid="cart-count">
          {count}
        </span>
      ) : null}
    </Link>
  );
}
