/**
 * The fields more than one account form shows, each bound with the form's `field(name)`:
 * e-mail, names, a new password, phone (country code + number, spec §3/§5) and marketing
 * choices; and the details that registration and My details both send.
 */
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import type { MarketingChoice } from '#shared/account-types';
import { LOCALE_INFO, type Locale } from '#shared/locales';
import { readPhone } from '#shared/rules/phone';
import {
  DEFAULT_TELEPHONE_PREFIX,
  isTelephonePrefix,
  telephonePrefixesFor,
  type TelephonePrefix,
} from '#shared/rules/telephone-prefixes';
import { FormField, SelectField } from '@/ui/form/form-field';
import { MarketingChoices } from '@/ui/form/marketing-choices';
import type { FieldBinding, FieldMessage } from '@/ui/form/use-form-fields';
import { FORMS_COUNTRY_IDS } from '../message-ids';
import { usePasswordHint } from './account-helpers';

/** The prefix the phone fields start with: the locale table's. */
export function defaultPrefixFor(locale: Locale): TelephonePrefix {
  return LOCALE_INFO[locale].telephonePrefix;
}

/**
 * The number sent to the origin for the phone fields: E.164 by the one phone rule (the
 * checkout's too, so '+46 70 …' typed under +358 is a Swedish number), '' when left
 * empty, null when the rule refuses it.
 */
export function phoneNumberOf(prefix: string, number: string): string | null {
  if (!number.trim()) return '';
  return readPhone(number, isTelephonePrefix(prefix) ? prefix : DEFAULT_TELEPHONE_PREFIX)?.e164 ?? null;
}

/** Names, phone and marketing choices as registration and My details send them. */
export function detailsOf(
  values: { firstname: string; lastname: string; telephonePrefix: string; telephoneNumber: string },
  marketing: MarketingChoice[],
): { firstName: string; lastName: string; phoneNumber: string; marketing: MarketingChoice[] } {
  return {
    firstName: values.firstname.trim(),
    lastName: values.lastname.trim(),
    phoneNumber: phoneNumberOf(values.telephonePrefix, values.telephoneNumber) ?? '',
    marketing,
  };
}

/** The account's e-mail address; a login's is the password manager's user name. */
export function AccountEmailField({
  autoComplete = 'email',
  ...field
}: FieldBinding & { autoComplete?: 'email' | 'username' }) {
  const { i18n } = useLingui();
  return (
    <FormField kind="email" label={i18n._('account.field.email')} autoComplete={autoComplete} required {...field} />
  );
}

export function NameFields(props: { firstname: FieldBinding; lastname: FieldBinding }) {
  const { i18n } = useLingui();
  return (
    <div className="form-row">
      <FormField
        kind="text"
        label={i18n._('account.field.firstname')}
        autoComplete="given-name"
        required
        {...props.firstname}
      />
      <FormField
        kind="text"
        label={i18n._('account.field.lastname')}
        autoComplete="family-name"
        required
        {...props.lastname}
      />
    </div>
  );
}

/** A new password and its confirmation; `passwordError` decides whether the hint is shown. */
export function NewPasswordFields(props: {
  password: FieldBinding;
  confirmation: FieldBinding;
  passwordError: FieldMessage | undefined;
}) {
  const { i18n } = useLingui();
  const passwordHint = usePasswordHint();
  return (
    <>
      <FormField
        kind="password"
        label={i18n._('account.field.new-password')}
        autoComplete="new-password"
        hint={passwordHint(props.passwordError)}
        required
        {...props.password}
      />
      <FormField
        kind="password"
        label={i18n._('account.field.password-confirmation')}
        autoComplete="new-password"
        required
        {...props.confirmation}
      />
    </>
  );
}

export function PhoneFields(props: { prefix: FieldBinding; number: FieldBinding }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  return (
    <div className="form-row form-row--phone">
      <SelectField
        label={i18n._('forms.phone-prefix')}
        options={telephonePrefixesFor(defaultPrefixFor(locale)).map((prefix) => ({
          value: prefix,
          label: i18n._(FORMS_COUNTRY_IDS[prefix] ?? `forms.country.${prefix}`),
        }))}
        autoComplete="tel-country-code"
        {...props.prefix}
      />
      <FormField
        kind="tel"
        label={i18n._('forms.field.phone')}
        autoComplete="tel-national"
        inputMode="tel"
        {...props.number}
      />
    </div>
  );
}

export function AccountMarketingChoices({
  value,
  onChange,
}: {
  value: MarketingChoice[];
  onChange: (value: MarketingChoice[]) => void;
}) {
  const { i18n } = useLingui();
  return (
    <MarketingChoices
      legend={i18n._('account.marketing.legend')}
      labels={{ email: i18n._('account.marketing.email'), sms: i18n._('account.marketing.sms') }}
      value={value}
      onChange={onChange}
    />
  );
}
