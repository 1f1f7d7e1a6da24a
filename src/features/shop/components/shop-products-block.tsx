/**
 * The shopProducts block: products with their server price and an add-to-cart button.
 * Prices load from the origin after hydration; offline a product can still be added (by
 * code and name) and the cart checks it once back online.
 */
import { useEffect, useState } from 'react';
import { Link } from '@/ui/link';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import type { ProductView } from '#shared/shop/api-schema';
import type { KnownBlockOf } from '#shared/content-schema';
import { formatPrice } from '#shared/shop/money';
import { SHOP_PATHS } from '#shared/shop/shop-paths';
import { Modal } from '@/ui/modal';
import { closeModal } from '@/ui/modal-store';
import { shopApi } from '../api/shop-api';
import { FIRST_IN_CART_MODAL } from '../cart/cart-store';
import { useCart } from '../cart/use-cart';
import './cart.css';

export function ShopProductsBlock({ block }: { block: KnownBlockOf<'shopProducts'> }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const { cart } = useCart();
  const [products, setProducts] = useState<ReadonlyMap<string, ProductView>>(new Map());
  const codes = block.products.map((product) => product.code).join(',');

  useEffect(() => {
    const controller = new AbortController();
    shopApi.products(codes.split(','), locale, controller.signal).then(
      (answer) => setProducts(new Map(answer.items.map((item) => [item.code, item]))),
      (error: unknown) => {
        if (!controller.signal.aborted) console.warn('Product prices could not be loaded', error);
      },
    );
    return () => controller.abort();
  }, [codes, locale]);

  return (
    <section className="shop-products">
      {block.title ? <h2>{block.title}</h2> : null}
      <ul className="shop-products__list">
        {block.products.map((entry) => {
          const product = products.get(entry.code);
          return (
            <li key={entry.code} className="shop-product" data-product={entry.code}>
              <h3 className="shop-product__title">{entry.title}</h3>
              {entry.text ? <p className="shop-product__text">{entry.text}</p> : null}
              <p className="shop-product__price">
                {product ? (
                  formatPrice(product.unitPrice, locale)
                ) : (
                  <span className="shop-muted">{i18n._('shop.product.priceInCart')}</span>
                )}
              </p>
              <button
                type="button"
                className="button button--primary"
                onClick={() => void cart.add(product ?? { code: entry.code, name: entry.title })}
              >
                {i18n._('shop.product.addToCart')}
                <span className="visually-hidden">: {entry.title}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <Modal name={FIRST_IN_CART_MODAL} title={i18n._('shop.firstInCart.title')}>
        <p>{i18n._('shop.firstInCart.text')}</p>
        <p className="shop-actions">
          <Link to={SHOP_PATHS.cart[locale]} className="button button--primary" onClick={() => closeModal()}>
            {i18n._('shop.firstInCart.toCart')}
          </Link>
        </p>
      </Modal>
    </section>
  );
}
