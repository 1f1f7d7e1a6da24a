/** The shopCart block: the cart page (spec §4 Cart, Upsell rule). */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from '@/ui/link';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import { InlineForm } from '@/ui/form/inline-form';
import { formatPrice, formatPriceInText } from '#shared/shop/money';
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
import { EMPTY_CART_FOCUS, EmptyCart } from './empty-cart';
import { SHOP_DISCOUNT_IDS } from '../message-ids';

/**
 * Where the focus goes once an action has taken away the control that had it (WCAG 2.4.3):
 * a removed line, a taken or declined upsell offer. Without it the focus fell to the page
 * and a keyboard or screen-reader user lost their place in the cart.
 */
type MoveFocus = (selector: string) => void;

/** The focus target of a line: its name, which takes focus from script only. */
const lineName = (code: string) => `.shop-line[data-code="${CSS.escape(code)}"] .shop-line__name`;

export function CartBlock() {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const { cart, snapshot } = useCart();
  const online = useOnlineStatus();
  const viewed = useRef(false);
  const focusTargetRef = useRef<string | null>(null);
  const moveFocus: MoveFocus = useCallback((selector) => {
    focusTargetRef.current = selector;
  }, []);

  // Moves the focus once the render that holds its target is on screen.
  useEffect(() => {
    const target = focusTargetRef.current && document.querySelector<HTMLElement>(focusTargetRef.current);
    if (!target) return;
    focusTargetRef.current = null;
    target.focus();
  });

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
  if (snapshot.items.length === 0) return <EmptyCart className="shop-cart" focusable />;

  return (
    <section className="shop-cart" aria-labelledby="shop-cart-heading">
      <h2 id="shop-cart-heading" className="visually-hidden">
        {i18n._('shop.cart.heading')}
      </h2>
      <CartStatusNote status={snapshot.status} online={online} />
      <ul className="shop-cart__items">
        {snapshot.items.map((item, index) => (
          <CartLine
            key={item.code}
            item={item as CartItem}
            moveFocus={moveFocus}
            // After a removal: the next line, else the one before, else the empty cart's text.
            neighbour={(snapshot.items[index + 1] ?? snapshot.items[index - 1])?.code}
          />
        ))}
      </ul>
      <DiscountForm
        current={snapshot.discountCode}
        unchecked={snapshot.status === 'outOfDate'}
        checking={snapshot.status === 'validating'}
      />
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

function CartLine({
  item,
  moveFocus,
  neighbour,
}: {
  item: CartItem;
  moveFocus: MoveFocus;
  neighbour: string | undefined;
}) {
  const { i18n } = useLingui();
  const { locale } = useSite();
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
        <h3 className="shop-line__name" tabIndex={-1}>
          {item.name}
        </h3>
        {item.includes.length > 0 && !(item.includes.length === 1 && item.includes[0]!.sku[0] === item.code) ? (
          <p className="shop-muted">{i18n._('shop.cart.includes', { includes })}</p>
        ) : null}
        <p className="shop-line__price">
          {i18n._('shop.cart.unitPrice', { price: formatPriceInText(item.price, locale) })}
        </p>
        <LineAmount item={item} onRemove={() => moveFocus(neighbour ? lineName(neighbour) : EMPTY_CART_FOCUS)} />
        <p className="shop-line__total">{formatPrice(lineTotal(item), locale)}</p>
        <UpsellOffers item={item} moveFocus={moveFocus} />
      </div>
    </li>
  );
}

/** A line's amount stepper (1 to MAX_ITEM_AMOUNT) and its remove button. */
function LineAmount({ item, onRemove }: { item: CartItem; onRemove: () => void }) {
  const { i18n } = useLingui();
  const cart = useCartService();
  const amountId = useId();
  const maxId = `${amountId}-max`;
  const atMax = item.amount >= MAX_ITEM_AMOUNT;
  const atMin = item.amount <= 1;
  return (
    <>
      <div className="shop-line__amount">
        {/* aria-disabled, not disabled: a disabled button drops the focus it had, so
            stepping to 1 (or to the maximum) left a keyboard user nowhere. */}
        <button
          type="button"
          className="button shop-step"
          aria-label={i18n._('shop.cart.decrease', { name: item.name })}
          aria-disabled={atMin || undefined}
          onClick={() => {
            if (!atMin) void cart.changeAmount(item.code, item.amount - 1);
          }}
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
          aria-disabled={atMax || undefined}
          aria-describedby={atMax ? maxId : undefined}
          onClick={() => {
            if (!atMax) void cart.changeAmount(item.code, item.amount + 1);
          }}
        >
          +
        </button>
        <button
          type="button"
          className="button shop-line__remove"
          onClick={() => {
            onRemove();
            void cart.remove(item.code);
          }}
        >
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
    </>
  );
}

/** The larger series the server offers for a line (spec §4 Upsell rule): take it or decline. */
function UpsellOffers({ item, moveFocus }: { item: CartItem; moveFocus: MoveFocus }) {
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
              price: formatPriceInText(upsell.product.unitPrice, locale),
            })}
          </p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              moveFocus(lineName(upsell.product.code));
              void cart.acceptUpsell(item.code, upsell.product.code);
            }}
          >
            {i18n._('shop.upsell.accept')}
            <span className="visually-hidden">: {upsell.product.name}</span>
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              moveFocus(lineName(item.code));
              void cart.declineUpsell(item.code);
            }}
          >
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
function DiscountForm({
  current,
  unchecked,
  checking,
}: {
  current: string | null;
  unchecked: boolean;
  checking: boolean;
}) {
  const { i18n } = useLingui();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const appliedRef = useRef<HTMLParagraphElement>(null);
  // A new code stays in its field while the server checks it: replaced at once by "in use",
  // the field (and the focus in it) was gone, and a refused code came back in a new field
  // with the focus on the page, after "in use" had been said of a code that was not. A code
  // already taken (the saved one, or one taken before the amounts changed) stays "in use".
  const [taken, setTaken] = useState(current);
  if (current !== taken && (current === null || !checking)) setTaken(current);
  const showApplied = current !== null && (!checking || current === taken);
  // Where the focus goes when the form and the "in use" line replace each other.
  const focusNext = useRef<'applied' | 'field' | null>(null);
  useEffect(() => {
    const target = focusNext.current === 'applied' ? appliedRef.current : document.getElementById(inputId);
    if (!focusNext.current || !target) return;
    focusNext.current = null;
    target.focus();
  });
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
    focusNext.current = 'applied';
    void cart.applyDiscountCode(draft);
  }
  if (showApplied)
    return (
      <p className="shop-discount" ref={appliedRef} tabIndex={-1}>
        {i18n._(unchecked ? /*i18n*/ 'shop.discount.pending' : /*i18n*/ 'shop.discount.applied', { code: current })}{' '}
        <button
          type="button"
          className="button"
          onClick={() => {
            focusNext.current = 'field';
            void cart.applyDiscountCode(null);
          }}
        >
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
