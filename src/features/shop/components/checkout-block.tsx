/**
 * The shopCheckout block: what is being bought (order-summary.tsx), a step counter, step 1
 * customer data (customer-step.tsx; saved to and loaded from localStorage per spec §4),
 * step 2 payment method (payment-step.tsx), then the payment gateway.
 */
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import { LOCALE_INFO } from '#shared/locales';
import { session, customerEmail, whenSessionKnown } from '@/ui/session-store';
import { EMPTY_CUSTOMER_DATA, loadCustomerData, type CustomerData } from '../checkout/customer-data-storage';
import { trackCartStep } from '../analytics';
import { useCart } from '../cart/use-cart';
import { checkout } from '../checkout/checkout-store';
import { CustomerStep } from './customer-step';
import { EmptyCart } from './empty-cart';
import { OrderSummary } from './order-summary';
import { PaymentStep } from './payment-step';
import './cart.css';
import { SHOP_CHECKOUT_STEP_IDS } from '../message-ids';

/** Whether the form still holds what it opened with (the customer has typed nothing). */
function isUntouched(data: CustomerData, blank: CustomerData): boolean {
  return (Object.keys(blank) as Array<keyof CustomerData>).every((key) =>
    key === 'marketing' ? data.marketing.length === 0 : data[key] === blank[key],
  );
}

export function CheckoutBlock() {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const { cart, snapshot: cartSnapshot } = useCart();
  const state = useSnapshot(checkout);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const began = useRef(false);

  // Saved customer data (spec §4), else the account's once the auth check has said who is
  // logged in: on a reload the form opens before the session is known.
  useEffect(() => {
    const saved = loadCustomerData();
    const blank: CustomerData = { ...EMPTY_CUSTOMER_DATA, telephonePrefix: LOCALE_INFO[locale].telephonePrefix };
    checkout.customerData = saved ?? blank;
    if (saved) return;
    let current = true;
    void whenSessionKnown().then(() => {
      const user = session.loggedIn ? session.user : null;
      // Never over what the customer has started typing meanwhile.
      if (!current || !user || !isUntouched(checkout.customerData, blank)) return;
      checkout.customerData = {
        ...blank,
        email: customerEmail() ?? '',
        emailConfirmation: customerEmail() ?? '',
        firstname: user.firstname,
        lastname: user.lastname,
        telephonePrefix: user.telephonePrefix,
        telephoneNumber: user.telephoneNumber,
      };
    });
    return () => {
      current = false;
    };
  }, [locale]);

  // begin_checkout once per visit of the checkout, when the saved cart has been read.
  useEffect(() => {
    if (!began.current && trackCartStep('begin_checkout', cart.state)) began.current = true;
  }, [cartSnapshot.loaded, cart.state]);

  function goTo(step: 1 | 2) {
    checkout.step = step;
    // Focus follows the step change, so screen readers hear the new step's heading.
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  if (!cartSnapshot.loaded) return <p className="shop-cart__loading reserved-space">{i18n._('shop.cart.loading')}</p>;
  if (cartSnapshot.items.length === 0) return <EmptyCart className="checkout" />;

  return (
    <section className="checkout">
      <OrderSummary />
      <ol className="checkout__steps" aria-label={i18n._('shop.checkout.steps')}>
        {([1, 2] as const).map((step) => (
          <li
            key={step}
            aria-current={state.step === step ? 'step' : undefined}
            className={state.step === step ? 'is-current' : ''}
          >
            {i18n._(SHOP_CHECKOUT_STEP_IDS[step] ?? `shop.checkout.step${step}`)}
          </li>
        ))}
      </ol>
      <h2 ref={headingRef} tabIndex={-1} className="checkout__heading">
        {i18n._('shop.checkout.stepCounter', { step: state.step, count: 2 })}:{' '}
        {i18n._(SHOP_CHECKOUT_STEP_IDS[state.step] ?? `shop.checkout.step${state.step}`)}
      </h2>
      {state.step === 1 ? <CustomerStep onDone={() => goTo(2)} /> : <PaymentStep onBack={() => goTo(1)} />}
    </section>
  );
}
