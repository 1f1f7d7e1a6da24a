/**
 * Checkout step 2, the payment method (card or bank), then the payment gateway. Payment
 * needs the network and says so; nothing typed is lost.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLingui } from '@lingui/react';
import { banksFor, offeredBank } from '#shared/shop/api-schema';
import { SelectField } from '@/ui/form/form-field';
import { useOnlineStatus } from '@/ui/use-online-status';
import { useSite } from '@/ui/site-context';
import { useCartService } from '../cart/cart-context';
import { checkout } from '../checkout/checkout-store';
import { startPayment } from '../checkout/start-payment';
import { SHOP_CHECKOUT_METHOD_IDS } from '../message-ids';

export function PaymentStep({ onBack }: { onBack: () => void }) {
  const { i18n } = useLingui();
  const { locale, basename } = useSite();
  const cart = useCartService();
  const online = useOnlineStatus();
  const state = useSnapshot(checkout);
  const [problem, setProblem] = useState<string | null>(null);

  async function pay() {
    if (checkout.busy) return;
    setProblem(null);
    if (!navigator.onLine) {
      setProblem(i18n._('shop.offline.paymentNeedsNetwork'));
      return;
    }
    checkout.busy = true;
    try {
      const outcome = await startPayment({ locale, basename, cart });
      if ('paymentUrl' in outcome) window.location.assign(outcome.paymentUrl);
      else setProblem(i18n._(outcome.problem));
    } finally {
      checkout.busy = false;
    }
  }

  return (
    <div className="checkout-payment">
      <fieldset className="checkout-field checkout-choices">
        <legend>{i18n._('shop.checkout.paymentMethod')}</legend>
        {(['card', 'bank'] as const).map((method) => (
          <label key={method} className="checkout-choice">
            <input
              type="radio"
              name="paymentMethod"
              value={method}
              checked={state.paymentMethodType === method}
              onChange={() => {
                checkout.paymentMethodType = method;
                if (method === 'bank') checkout.bank = offeredBank(locale, checkout.bank);
              }}
            />{' '}
            {i18n._(SHOP_CHECKOUT_METHOD_IDS[method] ?? `shop.checkout.method.${method}`)}
          </label>
        ))}
      </fieldset>
      {state.paymentMethodType === 'bank' ? (
        <SelectField
          name="bank"
          label={i18n._('shop.checkout.bank')}
          value={offeredBank(locale, state.bank)}
          onChange={(value) => (checkout.bank = value)}
          options={banksFor(locale).map((bank) => ({ value: bank.id, label: bank.name }))}
        />
      ) : null}
      {!online ? <p className="shop-notice">{i18n._('shop.offline.paymentNeedsNetwork')}</p> : null}
      <div role="alert">{problem ? <p className="shop-error">{problem}</p> : null}</div>
      <p className="shop-actions">
        {/* Busy, it is aria-disabled (pay() ignores a press): disabled, it dropped the focus,
            which a payment that could not start left on the page. */}
        <button
          type="button"
          className="button button--primary"
          onClick={() => void pay()}
          disabled={!online}
          aria-disabled={state.busy || undefined}
          aria-describedby={undefined}
        >
          {state.busy ? i18n._('shop.checkout.paying') : i18n._('shop.checkout.pay')}
        </button>
        <button type="button" className="button" onClick={onBack}>
          {i18n._('shop.checkout.back')}
        </button>
      </p>
    </div>
  );
}
