/** Phone (country code + number, spec §3/§5) and marketing choices, used by register and my details. */
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import type { MarketingChoice } from '@/shared/account-types';
import { LOCALE_INFO, type Locale } from '@/shared/locales';
import {
  DEFAULT_TELEPHONE_PREFIX,
  isTelephonePrefix,
  readPhone,
  telephonePrefixesFor,
  type TelephonePrefix,
} from '@/shared/rules/phone';
import { FormField, SelectField } from '@/ui/form/form-field';
import { MarketingChoices } from '@/ui/form/marketing-choices';
import { FORMS_COUNTRY_IDS } from '../message-ids';

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

export function PhoneFields(props: {
  prefix: TelephonePrefix;
  number: string;
  onPrefix: (value: TelephonePrefix) => void;
  onNumber: (value: string) => void;
  error: string | undefined;
}) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  return (
    <div className="form-row form-row--phone">
      <SelectField
        name="telephonePrefix"
        label={i18n._('forms.phone-prefix')}
        value={props.prefix}
        onChange={(value) => props.onPrefix(value as TelephonePrefix)}
        options={telephonePrefixesFor(defaultPrefixFor(locale)).map((prefix) => ({
          value: prefix,
          label: i18n._(FORMS_COUNTRY_IDS[prefix] ?? `forms.country.${prefix}`),
        }))}
        autoComplete="tel-country-code"
      />
      <FormField
        kind="tel"
        name="telephoneNumber"
        label={i18n._('forms.field.phone')}
        autoComplete="tel-national"
        inputMode="tel"
        value={props.number}
        onChange={props.onNumber}
        error={props.error}
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
