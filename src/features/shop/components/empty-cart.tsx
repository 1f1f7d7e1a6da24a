import { Link } from 'react-router';
import { useT } from '@/i18n/use-t';
import { SHOP_PATHS } from '@/shared/shop/shop-paths';
import { useSite } from '@/ui/site-context';

/** What the cart and the checkout show for an empty cart: a way to the products. */
export function EmptyCart({ className }: { className: string }) {
  const t = useT();
  const { locale } = useSite();
  return (
    <section className={className}>
      <p>{t('shop.cart.empty')}</p>
      <Link to={SHOP_PATHS.products[locale]} className="button">
        {t('shop.cart.browse')}
      </Link>
    </section>
  );
}
