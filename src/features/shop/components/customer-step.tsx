/**
 * Checkout step 1, the customer data (spec §5 rules), on the shared form system
 * (src/ui/form). The values live in the checkout store, which the block fills (saved data
 * or the account's) and the payment step reads; saved to localStorage when the step is done.
 */
import { useMemo, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { useLingui } from '@lingui/react';
import { LOCALE_INFO } from '#shared/locales';
import { phoneNeeded } from '#shared/shop/api-schema';
import { readPhone, type Phone } from '#shared/rules/phone';
import { telephonePrefixesFor } from '#shared/rules/telephone-prefixes';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '#shared/rules/limits';
import { CheckboxField, FormField, SelectField } from '@/ui/form/form-field';
import { MarketingChoices } from '@/ui/form/marketing-choices';
import { useFormMessages, type FieldMessage } from '@/ui/form/use-form-fields';
import { useSite } from '@/ui/site-context';
import { useCartService } from '../cart/cart-context';
import { checkout } from '../checkout/checkout-store';
import {
  clearCustomerData,
  EMPTY_CUSTOMER_DATA,
  saveCustomerData,
  type CustomerData,
} from '../checkout/customer-data-storage';
import { customerFieldRules } from '../checkout/customer-form-rules';
import { SHOP_CHECKOUT_COUNTRY_IDS, SHOP_CHECKOUT_IDS } from '../message-ids';
import { VALIDATION_MESSAGE_IDS } from '#shared/rules/validation-message-ids';

/** The form's values: the customer data and the text-message choice. */
type CustomerValues = Omit<CustomerData, 'marketing'> & { marketing: Array<'email' | 'sms'>; sendSms: boolean };

/** What the checkout keeps of a phone read by the phone rule: its prefix and national number. */
function pick({ telephonePrefix, telephoneNumber }: Phone): Pick<CustomerData, 'telephonePrefix' | 'telephoneNumber'> {
  return { telephonePrefix, telephoneNumber };
}

/** A phone typed must be one the phone rule can read under its country code. */
function checkPhone(values: CustomerValues): Record<string, FieldMessage> {
  const typed = values.telephoneNumber.trim() !== '';
  return typed && readPhone(values.telephoneNumber, values.telephonePrefix) === null
    ? { telephoneNumber: { id: VALIDATION_MESSAGE_IDS.phone } }
    : {};
}

/** The text fields, in the order the form shows them (the first with a message gets focus). */
const TEXT_FIELDS = [
  { name: 'email', kind: 'email', autoComplete: 'email', maxLength: EMAIL_MAX_LENGTH },
  { name: 'emailConfirmation', kind: 'email', autoComplete: 'off', maxLength: EMAIL_MAX_LENGTH },
  { name: 'firstname', kind: 'text', autoComplete: 'given-name', maxLength: NAME_MAX_LENGTH },
  { name: 'lastname', kind: 'text', autoComplete: 'family-name', maxLength: NAME_MAX_LENGTH },
] as const;

/** Stores a changed value in the checkout store. */
function storeValue<K extends keyof CustomerValues>(name: K, value: CustomerValues[K]): void {
  if (name === 'sendSms') checkout.sendSms = value as boolean;
  else checkout.customerData = { ...checkout.customerData, [name]: value };
}

/** A pasted '+46 70 …' picks its country (spec §5 phone parsing). */
function takePhoneCountry() {
  const phone = readPhone(checkout.customerData.telephoneNumber, checkout.customerData.telephonePrefix);
  if (phone && phone.telephonePrefix !== checkout.customerData.telephonePrefix)
    checkout.customerData = { ...checkout.customerData, ...pick(phone) };
}

/**
 * The data of a finished step, saved: the prefix and the national number the phone rule
 * read ('+46 …' typed under +358 included), no number when none was typed.
 */
function keepCustomerData() {
  const phone = readPhone(checkout.customerData.telephoneNumber, checkout.customerData.telephonePrefix);
  checkout.customerData = phone
    ? { ...checkout.customerData, ...pick(phone) }
    : { ...checkout.customerData, telephoneNumber: '' };
  saveCustomerData({ ...checkout.customerData, marketing: [...checkout.customerData.marketing] });
}

/** The form's values as the checkout store holds them now. */
function useCustomerValues(): CustomerValues {
  const state = useSnapshot(checkout);
  return useMemo(
    () => ({ ...state.customerData, marketing: [...state.customerData.marketing], sendSms: state.sendSms }),
    [state.customerData, state.sendSms],
  );
}

export function CustomerStep({ onDone }: { onDone: () => void }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const cart = useCartService();
  const values = useCustomerValues();
  const needsPhone = phoneNeeded({ sendSms: values.sendSms, marketing: values.marketing });
  const rules = useMemo(() => customerFieldRules(needsPhone), [needsPhone]);
  const form = useFormMessages(values, storeValue, rules, { check: checkPhone });
  const prefixes = telephonePrefixesFor(LOCALE_INFO[locale].telephonePrefix);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The first field with a message gets the focus once it shows the message.
    if (!form.checkAll()) {
      form.focusFirstInvalid(event.currentTarget);
      return;
    }
    keepCustomerData();
    // The guest's e-mail is now the one the cart is validated with (spec §6).
    void cart.validate();
    onDone();
  }

  function forget() {
    clearCustomerData(cart.count());
    checkout.customerData = { ...EMPTY_CUSTOMER_DATA, telephonePrefix: LOCALE_INFO[locale].telephonePrefix };
    form.clearMessages();
  }

  return (
    <form className="checkout-form" noValidate onSubmit={onSubmit}>
      <p className="checkout-form__note">{i18n._('shop.checkout.requiredNote')}</p>
      {TEXT_FIELDS.map(({ name, ...control }) => (
        <FormField
          key={name}
          label={i18n._(SHOP_CHECKOUT_IDS[name] ?? `shop.checkout.${name}`)}
          // Why the field is asked for (WCAG 3.3.2): the e-mail gets the receipt and the codes.
          hint={name === 'email' ? i18n._('shop.checkout.hint.email') : undefined}
          required
          {...control}
          {...form.field(name)}
        />
      ))}
      <div className="form-row form-row--phone">
        <SelectField
          label={i18n._('shop.checkout.telephonePrefix')}
          options={prefixes.map((prefix) => ({
            value: prefix,
            label: `${i18n._(SHOP_CHECKOUT_COUNTRY_IDS[String(prefix.split('|')[0])] ?? `shop.checkout.country.${prefix.split('|')[0]}`)} +${prefix.split('|')[1]}`,
          }))}
          {...form.field('telephonePrefix')}
        />
        <FormField
          kind="tel"
          label={i18n._('shop.checkout.telephoneNumber')}
          hint={i18n._(
            needsPhone ? /*i18n*/ 'shop.checkout.hint.phoneNeeded' : /*i18n*/ 'shop.checkout.hint.phoneOptional',
          )}
          autoComplete="tel-national"
          inputMode="tel"
          maxLength={20}
          required={needsPhone}
          onBlur={takePhoneCountry}
          {...form.field('telephoneNumber')}
        />
      </div>
      <MarketingChoices
        legend={i18n._('shop.checkout.marketing')}
        labels={{ email: i18n._('shop.checkout.marketing.email'), sms: i18n._('shop.checkout.marketing.sms') }}
        value={values.marketing}
        onChange={(value) => form.setValue('marketing', value)}
      />
      <CheckboxField label={i18n._('shop.checkout.sendSms')} {...form.checkbox('sendSms')} />
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
