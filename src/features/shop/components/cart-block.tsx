/** The shopCart block: the cart page (spec §4 Cart, Upsell rule). */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from '@/ui/link';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import { InlineForm } from '@/ui/form/inline-form';
import { formatPrice } from '#shared/shop/money';
import { SHOP_PATHS } from '#shared/shop/shop-paths';
import { useOnlineStatus } from '@/ui/use-online-status';
import { dismissSavedCopyNotice } from '@/ui/saved-copy-notice';
import { trackCartStep } from '../analytics';
import { lineTotal, MAX_ITEM_AMOUNT } from '../cart/cart-items';
import { useCartService } from '../cart/cart-context';
import type { CartItem } from '../cart/cart-types';
import { useCart } from '../cart/use-cart';
import { CartTotals } from './cart-totals';
import './cart.css';
import { EmptyCart } from './empty-cart';
import { SHOP_DISCOUNT_IDS } from '../message-ids';

export function CartBlock() {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const { cart, snapshot } = useCart();
  const online = useOnlineStatus();
  const viewed = useRef(false);

  // A saved copy of the cart page says it may be out of date; once the cart has been
  // checked with the server (a check that answered), it is not (issue 31, finding 9).
  const lastStatus = useRef(snapshot.status);
  useEffect(() => {
    if (lastStatus.current === 'validating' && snapshot.status === 'valid') dismissSavedCopyNotice();
    lastStatus.current = snapshot.status;
  }, [snapshot.status]);

  // view_cart once per visit of the cart page, when the saved cart has been read.
  useEffect(() => {
    if (!viewed.current && trackCartStep('view_cart', cart.state)) viewed.current = true;
  }, [snapshot.loaded, cart.state]);

  if (!snapshot.loaded) return <p className="shop-cart__loading reserved-space">{i18n._('shop.cart.loading')}</p>;
  if (snapshot.items.length === 0) return <EmptyCart className="shop-cart" />;

  return (
    <section className="shop-cart" aria-labelledby="shop-cart-heading">
      <h2 id="shop-cart-heading" className="visually-hidden">
        {i18n._('shop.cart.heading')}
      </h2>
      <CartStatusNote status={snapshot.status} online={online} />
      <ul className="shop-cart__items">
        {snapshot.items.map((item) => (
          <CartLine key={item.code} item={item as CartItem} />
        ))}
      </ul>
      <DiscountForm current={snapshot.discountCode} unchecked={snapshot.status === 'outOfDate'} />
      {snapshot.totals ? <CartTotals totals={snapshot.totals} outOfDate={snapshot.status !== 'valid'} /> : null}
      {online ? (
        <p className="shop-actions">
          <Link to={SHOP_PATHS.checkout[locale]} className="button button--primary">
            {i18n._('shop.cart.toCheckout')}
          </Link>
        </p>
      ) : (
        // The checkout page is not saved for offline use (it needs the server for every
        // step): a link would lead out of the app to the offline page (docs/shop.md).
        <p className="shop-actions shop-cart__checkout-offline">{i18n._('shop.cart.checkoutNeedsConnection')}</p>
      )}
    </section>
  );
}

function CartStatusNote({ status, online }: { status: string; online: boolean }) {
  const { i18n } = useLingui();
  return (
    <p className="shop-cart__status" role="status">
      {status === 'outOfDate'
        ? online
          ? i18n._('shop.cart.outOfDate')
          : i18n._('shop.cart.offline')
        : status === 'validating'
          ? i18n._('shop.cart.updating')
          : ''}
    </p>
  );
}

function CartLine({ item }: { item: CartItem }) {
  const { i18n } = useLingui();
  const cart = useCartService();
  const { locale } = useSite();
  const amountId = useId();
  const maxId = `${amountId}-max`;
  const atMax = item.amount >= MAX_ITEM_AMOUNT;
  const includes = item.includes.map((included) => `${included.amount} × ${included.globalName}`).join(', ');
  return (
    <li className="shop-line" data-code={item.code}>
      {item.image ? (
        <img
          className="shop-line__image"
          src={`${item.image.src}?w=160&h=90&fit=cover&fm=webp`}
          alt=""
          width={160}
          height={90}
        />
      ) : null}
      <div className="shop-line__body">
        <h3 className="shop-line__name">{item.name}</h3>
        {item.includes.length > 0 && !(item.includes.length === 1 && item.includes[0]!.sku[0] === item.code) ? (
          <p className="shop-muted">{i18n._('shop.cart.includes', { includes })}</p>
        ) : null}
        <p className="shop-line__price">{i18n._('shop.cart.unitPrice', { price: formatPrice(item.price, locale) })}</p>
        <div className="shop-line__amount">
          <button
            type="button"
            className="button shop-step"
            aria-label={i18n._('shop.cart.decrease', { name: item.name })}
            disabled={item.amount <= 1}
            onClick={() => void cart.changeAmount(item.code, item.amount - 1)}
          >
            −
          </button>
          <label htmlFor={amountId} className="visually-hidden">
            {i18n._('shop.cart.amount', { name: item.name })}
          </label>
          <output id={amountId} className="shop-line__count" aria-live="polite">
            {item.amount}
          </output>
          <button
            type="button"
            className="button shop-step"
            aria-label={i18n._('shop.cart.increase', { name: item.name })}
            disabled={atMax}
            aria-describedby={atMax ? maxId : undefined}
            onClick={() => void cart.changeAmount(item.code, item.amount + 1)}
          >
            +
          </button>
          <button type="button" className="button shop-line__remove" onClick={() => void cart.remove(item.code)}>
            {i18n._('shop.cart.remove')}
            <span className="visually-hidden">: {item.name}</span>
          </button>
        </div>
        {atMax ? (
          // Why "+" stopped: the shop's per-product limit (MAX_QUANTITY), said where the button is.
          <p id={maxId} className="shop-muted shop-line__max">
            {i18n._('shop.cart.maxAmount', { max: MAX_ITEM_AMOUNT })}
          </p>
        ) : null}
        <p className="shop-line__total">{formatPrice(lineTotal(item), locale)}</p>
        <UpsellOffers item={item} />
      </div>
    </li>
  );
}

/** The larger series the server offers for a line (spec §4 Upsell rule): take it or decline. */
function UpsellOffers({ item }: { item: CartItem }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const cart = useCartService();
  return (
    <>
      {item.upsells.map((upsell) => (
        <div key={upsell.product.code} className="shop-upsell">
          <p>
            {i18n._('shop.upsell.offer', {
              name: upsell.product.name,
              price: formatPrice(upsell.product.unitPrice, locale),
            })}
          </p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void cart.acceptUpsell(item.code, upsell.product.code)}
          >
            {i18n._('shop.upsell.accept')}
            <span className="visually-hidden">: {upsell.product.name}</span>
          </button>
          <button type="button" className="button" onClick={() => void cart.declineUpsell(item.code)}>
            {i18n._('shop.upsell.decline')}
          </button>
        </div>
      ))}
    </>
  );
}

/**
 * The discount code: "in use" once the server has taken it; a code the server has not
 * seen yet (typed offline, or the check could not reach it) says it will be checked.
 */
function DiscountForm({ current, unchecked }: { current: string | null; unchecked: boolean }) {
  const { i18n } = useLingui();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const {
    cart,
    snapshot: { discountRefusal },
  } = useCart();
  // The typed code stays in the field while it is checked and when it is refused, so the
  // customer can correct it; an accepted code replaces the form. A code typed in an earlier
  // session (offline, then the app closed) is refused by the check of a later one, where
  // this field never held it: the refused code is put back into the field with its reason
  // (issue 31: it used to vanish without a word).
  const [draft, setDraft] = useState(() => discountRefusal?.code ?? '');
  const [shownRefusal, setShownRefusal] = useState(discountRefusal);
  if (discountRefusal !== shownRefusal) {
    setShownRefusal(discountRefusal);
    if (discountRefusal && draft.trim() === '') setDraft(discountRefusal.code);
  }
  useEffect(() => cart.showDiscountField(), [cart]);
  const refused = discountRefusal && discountRefusal.code === draft.trim() ? discountRefusal : null;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft.trim() === '') return;
    void cart.applyDiscountCode(draft);
  }
  if (current)
    return (
      <p className="shop-discount">
        {i18n._(unchecked ? /*i18n*/ 'shop.discount.pending' : /*i18n*/ 'shop.discount.applied', { code: current })}{' '}
        <button type="button" className="button" onClick={() => void cart.applyDiscountCode(null)}>
          {i18n._('shop.discount.remove')}
        </button>
      </p>
    );
  return (
    <InlineForm
      className="shop-discount"
      label={i18n._('shop.discount.label')}
      submit={i18n._('shop.discount.apply')}
      noValidate
      onSubmit={onSubmit}
      input={{
        id: inputId,
        value: draft,
        onChange: (event) => setDraft(event.target.value),
        maxLength: 40,
        autoComplete: 'off',
        'aria-invalid': refused ? true : undefined,
        'aria-describedby': refused ? errorId : undefined,
      }}
    >
      <p id={errorId} className="checkout-field__error" role="alert">
        {refused ? i18n._(SHOP_DISCOUNT_IDS[refused.reason] ?? `shop.discount.${refused.reason}`) : null}
      </p>
    </InlineForm>
  );
}
