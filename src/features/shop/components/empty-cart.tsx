import { Link } from '@/ui/link';
import { useLingui } from '@lingui/react';
import { SHOP_PATHS } from '#shared/shop/shop-paths';
import { useSite } from '@/ui/site-context';

/** The empty cart's text, where the focus goes when the cart page's last line is removed. */
export const EMPTY_CART_FOCUS = '.empty-cart__text';

/**
 * What the cart and the checkout show for an empty cart: a way to the products. `focusable`:
 * the text can take the focus from script (the cart page's last line removed).
 */
export function EmptyCart({ className, focusable = false }: { className: string; focusable?: boolean }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  return (
    <section className={className}>
      <p className="empty-cart__text" tabIndex={focusable ? -1 : undefined}>
        {i18n._('shop.cart.empty')}
      </p>
      <Link to={SHOP_PATHS.products[locale]} className="button">
        {i18n._('shop.cart.browse')}
      </Link>
    </section>
  );
}
