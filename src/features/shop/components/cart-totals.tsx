import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import type { Totals } from '#shared/shop/api-schema';
import { formatPrice } from '#shared/shop/money';

/** Totals of spec §3 (discount, VAT, with and without tax) as the server computed them. */
export function CartTotals({ totals, outOfDate = false }: { totals: Totals; outOfDate?: boolean }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  return (
    <dl className={`shop-totals${outOfDate ? ' shop-totals--stale' : ''}`}>
      {totals.discount > 0 ? (
        <>
          <dt>{i18n._('shop.totals.subtotal')}</dt>
          <dd>{formatPrice(totals.subtotal, locale)}</dd>
          <dt>{i18n._('shop.totals.discount')}</dt>
          <dd>−{formatPrice(totals.discount, locale)}</dd>
        </>
      ) : null}
      <dt>{i18n._('shop.totals.withoutTax')}</dt>
      <dd>{formatPrice(totals.totalWithoutTax, locale)}</dd>
      <dt>{i18n._('shop.totals.tax')}</dt>
      <dd>{formatPrice(totals.taxAmount, locale)}</dd>
      <dt className="shop-totals__total">{i18n._('shop.totals.total')}</dt>
      <dd className="shop-totals__total" data-testid="cart-total">
        {formatPrice(totals.totalWithTax, locale)}
      </dd>
    </dl>
  );
}
