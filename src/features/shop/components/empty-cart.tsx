import { Link } from '@/ui/link';
import { useLingui } from '@lingui/react';
import { SHOP_PATHS } from '#shared/shop/shop-paths';
import { useSite } from '@/ui/site-context';

/** What the cart and the checkout show for an empty cart: a way to the products. */
export function EmptyCart({ className }: { className: string }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  return (
    <section className={className}>
      <p>{i18n._('shop.cart.empty')}</p>
      <Link to={SHOP_PATHS.products[locale]} className="button">
        {i18n._('shop.cart.browse')}
      </Link>
    </section>
  );
}
