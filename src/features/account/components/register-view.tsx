/** Registration: details, password and choices; the account opens once the e-mail is confirmed. */
import { AccountForm } from './account-form';
import { useState } from 'react';
import { Link } from '@/ui/link';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import type { MarketingChoice } from '@/shared/account-types';
import { ACCOUNT_PATHS } from '@/shared/account-paths';
import { LOCALIZED_PATHS } from '@/shared/locales';
import { ACCOUNT_FORM_RULES } from '@/shared/rules/forms';
import type { TelephonePrefix } from '@/shared/rules/phone';
import { CheckboxField, FormField, FormMessage } from '@/ui/form/form-field';
import { useOnlineStatus } from '@/ui/use-online-status';
import { register } from '../api/account-api';
import { useFieldText, usePasswordHint } from './account-helpers';
import { phoneCheck } from './phone-check';
import { useAccountForm } from './use-account-form';
import { AccountMarketingChoices, PhoneFields, defaultPrefixFor, phoneNumberOf } from './shared-fields';

/** What registration ends with: the confirmation mail is on its way. */
function RegistrationSent({ email }: { email: string }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  return (
    <FormMessage kind="success">
      <h2>{i18n._('account.register.sent-title')}</h2>
      <p>{i18n._('account.register.sent', { email })}</p>
      <p>
        <Link to={ACCOUNT_PATHS.confirmEmail[locale]}>{i18n._('account.register.enter-code')}</Link>
      </p>
    </FormMessage>
  );
}

/**
 * Longer than 80 lines because it is one form: its values, its request and its fields in
 * the order they are shown. Split, the parts would pass the form to each other as props.
 */
// eslint-disable-next-line max-lines-per-function -- one form in the order shown (see above)
export function RegisterView() {
  const { i18n } = useLingui();
  const text = useFieldText();
  const passwordHint = usePasswordHint();
  const { locale } = useSite();
  const online = useOnlineStatus();
  const [marketing, setMarketing] = useState<MarketingChoice[]>([]);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, outcome, pending, onSubmit } = useAccountForm({
    initial: {
      firstname: '',
      lastname: '',
      email: '',
      emailConfirmation: '',
      telephonePrefix: defaultPrefixFor(locale) as string,
      telephoneNumber: '',
      password: '',
      passwordConfirmation: '',
      terms: false as boolean,
    },
    rules: ACCOUNT_FORM_RULES.register,
    online,
    check: phoneCheck,
    send: async (values) => {
      await register(locale, {
        email: values.email.trim(),
        password: values.password,
        firstName: values.firstname.trim(),
        lastName: values.lastname.trim(),
        phoneNumber: phoneNumberOf(values.telephonePrefix, values.telephoneNumber) ?? '',
        marketing,
      });
      setSentTo(values.email.trim());
    },
  });

  if (sentTo) return <RegistrationSent email={sentTo} />;

  return (
    <AccountForm
      titleId="account-register-title"
      title={i18n._('account.register.title')}
      outcome={outcome}
      onSubmit={onSubmit}
      intro={
        <>
          <p>{i18n._('forms.required-note')}</p>
          {!online ? <FormMessage kind="info">{i18n._('account.offline-notice')}</FormMessage> : null}
        </>
      }
    >
      <div className="form-row">
        <FormField
          kind="text"
          label={i18n._('account.field.firstname')}
          autoComplete="given-name"
          required
          {...form.field('firstname')}
        />
        <FormField
          kind="text"
          label={i18n._('account.field.lastname')}
          autoComplete="family-name"
          required
          {...form.field('lastname')}
        />
      </div>
      <FormField
        kind="email"
        label={i18n._('account.field.email')}
        autoComplete="email"
        required
        {...form.field('email')}
      />
      <FormField
        kind="email"
        label={i18n._('account.field.email-confirmation')}
        autoComplete="email"
        required
        {...form.field('emailConfirmation')}
      />
      <PhoneFields
        prefix={form.values.telephonePrefix as TelephonePrefix}
        number={form.values.telephoneNumber}
        onPrefix={(value) => form.setValue('telephonePrefix', value)}
        onNumber={(value) => form.setValue('telephoneNumber', value)}
        error={text(form.errorOf('telephoneNumber'))}
      />
      <FormField
        kind="password"
        label={i18n._('account.field.new-password')}
        autoComplete="new-password"
        hint={passwordHint(form.errorOf('password'))}
        required
        {...form.field('password')}
      />
      <FormField
        kind="password"
        label={i18n._('account.field.password-confirmation')}
        autoComplete="new-password"
        required
        {...form.field('passwordConfirmation')}
      />
      <AccountMarketingChoices value={marketing} onChange={setMarketing} />
      <CheckboxField
        required
        {...form.checkbox('terms')}
        label={
          <>
            {i18n._('account.register.terms')}{' '}
            <Link to={LOCALIZED_PATHS.terms[locale]}>{i18n._('account.register.terms-link')}</Link>
          </>
        }
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? i18n._('account.register.busy') : i18n._('account.register.submit')}
        </button>
        <Link to={ACCOUNT_PATHS.login[locale]}>{i18n._('account.register.have-account')}</Link>
      </div>
    </AccountForm>
  );
}
