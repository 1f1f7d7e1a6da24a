/**
 * The shopCheckout block: what is being bought (order-summary.tsx), a step counter, step 1 customer data (spec §5 rules, saved to
 * and loaded from localStorage per spec §4), step 2 payment method (card or bank), then
 * the payment gateway. Payment needs the network and says so; nothing typed is lost.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import { LOCALE_INFO } from '@/shared/locales';
import { banksFor, offeredBank, phoneNeeded } from '@/shared/shop/api-schema';
import { readPhone, telephonePrefixesFor, type Phone, type TelephonePrefix } from '@/shared/validation/phone';
import { validateForm, type ValidationMessage } from '@/shared/validation/rules';
import { useOnlineStatus } from '@/ui/use-online-status';
import { session, customerEmail, whenSessionKnown } from '@/ui/session-store';
import { cart, cartCount, validateCart } from '../cart-store';
import {
  clearCustomerData,
  EMPTY_CUSTOMER_DATA,
  loadCustomerData,
  saveCustomerData,
  type CustomerData,
} from '../customer-data-storage';
import { trackCartStep } from '../analytics';
import { useCart } from '../use-cart';
import { EmptyCart } from './empty-cart';
import { OrderSummary } from './order-summary';
import { checkout } from '../checkout-store';
import { CUSTOMER_FIELDS, customerFieldRules } from '../customer-form-rules';
import { startPayment } from '../start-payment';
import './cart.css';
import {
  SHOP_CHECKOUT_COUNTRY_IDS,
  SHOP_CHECKOUT_IDS,
  SHOP_CHECKOUT_MARKETING_IDS,
  SHOP_CHECKOUT_METHOD_IDS,
  SHOP_CHECKOUT_STEP_IDS,
} from '../message-ids';

/** What the checkout keeps of a phone read by the phone rule: its prefix and national number. */
function pick({ telephonePrefix, telephoneNumber }: Phone): Pick<CustomerData, 'telephonePrefix' | 'telephoneNumber'> {
  return { telephonePrefix, telephoneNumber };
}

/** Whether the form still holds what it opened with (the customer has typed nothing). */
function isUntouched(data: CustomerData, blank: CustomerData): boolean {
  return (Object.keys(blank) as Array<keyof CustomerData>).every((key) =>
    key === 'marketing' ? data.marketing.length === 0 : data[key] === blank[key],
  );
}

export function CheckoutBlock() {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const cartSnapshot = useCart();
  const state = useSnapshot(checkout);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const began = useRef(false);

  // Saved customer data (spec §4), else the account's once the auth check has said who is
  // logged in: on a reload the form opens before the session is known (issue 11).
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
    if (!began.current && trackCartStep('begin_checkout', cart)) began.current = true;
  }, [cartSnapshot.loaded]);

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

function Field({
  id,
  label,
  error,
  required,
  hint,
  children,
}: {
  id: string;
  label: string;
  error: ValidationMessage | undefined;
  /** Marked with * (the form says what * means), as the account and contact forms do. */
  required: boolean;
  /** Why the field is asked for; tied to the control by `describedBy`. */
  hint?: string | undefined;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <div className="checkout-field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="checkout-field__hint">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="checkout-field__error">
          {i18n._(error.id, error.values)}
        </p>
      ) : null}
    </div>
  );
}

/** aria-describedby of a checkout control: its hint, then its error. */
function describedBy(id: string, hint: string | undefined, error: ValidationMessage | undefined): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

function CustomerStep({ onDone }: { onDone: () => void }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const state = useSnapshot(checkout);
  const data = state.customerData;
  const baseId = useId();
  const [errors, setErrors] = useState<Record<string, ValidationMessage>>({});
  const [submitted, setSubmitted] = useState(false);
  const prefixes = telephonePrefixesFor(LOCALE_INFO[locale].telephonePrefix);
  // Why each field is asked for (WCAG 3.3.2): the e-mail gets the receipt and the codes.
  const hints: Partial<Record<string, string>> = { email: i18n._('shop.checkout.hint.email') };

  function update<K extends keyof CustomerData>(key: K, value: CustomerData[K]) {
    checkout.customerData = { ...checkout.customerData, [key]: value };
    if (submitted) setErrors(check({ ...checkout.customerData }));
  }

  const needsPhone = phoneNeeded({ sendSms: state.sendSms, marketing: data.marketing });

  function check(values: CustomerData): Record<string, ValidationMessage> {
    const rules = customerFieldRules(phoneNeeded({ sendSms: checkout.sendSms, marketing: values.marketing }));
    const found = validateForm({ ...values, marketing: [...values.marketing] }, rules);
    const typed = values.telephoneNumber.trim() !== '';
    if (!found.telephoneNumber && typed && readPhone(values.telephoneNumber, values.telephonePrefix) === null)
      found.telephoneNumber = { id: /*i18n*/ 'validation.phone' };
    return found;
  }

  /** A pasted '+46 70 …' picks its country (spec §5 phone parsing). */
  function onPhoneBlur() {
    const phone = readPhone(checkout.customerData.telephoneNumber, checkout.customerData.telephonePrefix);
    if (phone && phone.telephonePrefix !== checkout.customerData.telephonePrefix)
      checkout.customerData = { ...checkout.customerData, ...pick(phone) };
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const found = check({ ...checkout.customerData });
    setErrors(found);
    const first = CUSTOMER_FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(`${baseId}-${first}`)?.focus();
      return;
    }
    // The prefix and the national number the phone rule read, '+46 …' typed under +358 included.
    const phone = readPhone(checkout.customerData.telephoneNumber, checkout.customerData.telephonePrefix);
    checkout.customerData = phone
      ? { ...checkout.customerData, ...pick(phone) }
      : { ...checkout.customerData, telephoneNumber: '' };
    saveCustomerData({ ...checkout.customerData, marketing: [...checkout.customerData.marketing] });
    // The guest's e-mail is now the one the cart is validated with (spec §6).
    void validateCart();
    onDone();
  }

  function forget() {
    clearCustomerData(cartCount());
    checkout.customerData = { ...EMPTY_CUSTOMER_DATA, telephonePrefix: LOCALE_INFO[locale].telephonePrefix };
    setErrors({});
    setSubmitted(false);
  }

  const input = (key: 'email' | 'emailConfirmation' | 'firstname' | 'lastname', type: string, autoComplete: string) => {
    const id = `${baseId}-${key}`;
    return (
      <Field
        id={id}
        label={i18n._(SHOP_CHECKOUT_IDS[key] ?? `shop.checkout.${key}`)}
        error={errors[key]}
        required
        hint={hints[key]}
      >
        <input
          id={id}
          type={type}
          autoComplete={autoComplete}
          value={data[key]}
          onChange={(event) => update(key, event.target.value)}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={describedBy(id, hints[key], errors[key])}
          required
          maxLength={key.startsWith('email') ? 254 : 100}
        />
      </Field>
    );
  };
  const phoneId = `${baseId}-telephoneNumber`;
  const prefixId = `${baseId}-telephonePrefix`;
  const phoneHint = i18n._(
    needsPhone ? /*i18n*/ 'shop.checkout.hint.phoneNeeded' : /*i18n*/ 'shop.checkout.hint.phoneOptional',
  );

  return (
    <form className="checkout-form" noValidate onSubmit={onSubmit}>
      <p className="checkout-form__note">{i18n._('shop.checkout.requiredNote')}</p>
      {input('email', 'email', 'email')}
      {input('emailConfirmation', 'email', 'off')}
      {input('firstname', 'text', 'given-name')}
      {input('lastname', 'text', 'family-name')}
      <div className="checkout-field checkout-field--phone">
        <div>
          <label htmlFor={prefixId}>{i18n._('shop.checkout.telephonePrefix')}</label>
          <select
            id={prefixId}
            value={data.telephonePrefix}
            onChange={(event) => update('telephonePrefix', event.target.value as TelephonePrefix)}
          >
            {prefixes.map((prefix) => (
              <option key={prefix} value={prefix}>
                {i18n._(
                  SHOP_CHECKOUT_COUNTRY_IDS[String(prefix.split('|')[0])] ??
                    `shop.checkout.country.${prefix.split('|')[0]}`,
                )}{' '}
                +{prefix.split('|')[1]}
              </option>
            ))}
          </select>
        </div>
        <Field
          id={phoneId}
          label={i18n._('shop.checkout.telephoneNumber')}
          error={errors.telephoneNumber}
          required={needsPhone}
          hint={phoneHint}
        >
          <input
            id={phoneId}
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            value={data.telephoneNumber}
            onChange={(event) => update('telephoneNumber', event.target.value)}
            onBlur={onPhoneBlur}
            aria-invalid={errors.telephoneNumber ? true : undefined}
            aria-describedby={describedBy(phoneId, phoneHint, errors.telephoneNumber)}
            required={needsPhone}
            maxLength={20}
          />
        </Field>
      </div>
      <fieldset className="checkout-field checkout-choices">
        <legend>{i18n._('shop.checkout.marketing')}</legend>
        {(['email', 'sms'] as const).map((choice) => (
          <label key={choice} className="checkout-choice">
            <input
              type="checkbox"
              checked={data.marketing.includes(choice)}
              onChange={(event) =>
                update(
                  'marketing',
                  event.target.checked
                    ? [...data.marketing.filter((entry) => entry !== choice), choice]
                    : data.marketing.filter((entry) => entry !== choice),
                )
              }
            />{' '}
            {i18n._(SHOP_CHECKOUT_MARKETING_IDS[choice] ?? `shop.checkout.marketing.${choice}`)}
          </label>
        ))}
      </fieldset>
      <label className="checkout-choice">
        <input
          type="checkbox"
          checked={state.sendSms}
          onChange={(event) => {
            checkout.sendSms = event.target.checked;
            if (submitted) setErrors(check({ ...checkout.customerData }));
          }}
        />{' '}
        {i18n._('shop.checkout.sendSms')}
      </label>
      <p className="shop-actions">
        <button type="submit" className="button button--primary">
          {i18n._('shop.checkout.continue')}
        </button>
        <button type="button" className="button" onClick={forget}>
          {i18n._('shop.checkout.forget')}
        </button>
      </p>
    </form>
  );
}

function PaymentStep({ onBack }: { onBack: () => void }) {
  const { i18n } = useLingui();
  const { locale, basename } = useSite();
  const online = useOnlineStatus();
  const state = useSnapshot(checkout);
  const bankId = useId();
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
      const outcome = await startPayment({ locale, basename });
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
        <div className="checkout-field">
          <label htmlFor={bankId}>{i18n._('shop.checkout.bank')}</label>
          <select
            id={bankId}
            value={offeredBank(locale, state.bank)}
            onChange={(event) => (checkout.bank = event.target.value)}
          >
            {banksFor(locale).map((bank) => (
              <option key={bank.id} value={bank.id}>
                {bank.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {!online ? <p className="shop-notice">{i18n._('shop.offline.paymentNeedsNetwork')}</p> : null}
      <div role="alert">{problem ? <p className="shop-error">{problem}</p> : null}</div>
      <p className="shop-actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => void pay()}
          disabled={state.busy || !online}
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
