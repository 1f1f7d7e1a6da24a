/** Registration: details, password and choices; the account opens once the e-mail is confirmed. */
import { AccountForm } from './account-form';
import { useState } from 'react';
import { Link } from '@/ui/link';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import type { MarketingChoice } from '#shared/account-types';
import { ACCOUNT_PATHS } from '#shared/account-paths';
import { LOCALIZED_PATHS } from '#shared/locales';
import { ACCOUNT_FORM_RULES } from '#shared/rules/forms';
import { CheckboxField, FormField, FormMessage } from '@/ui/form/form-field';
import { useOnlineStatus } from '@/ui/use-online-status';
import { register } from '../api/account-api';
import { phoneCheck } from './phone-check';
import { useAccountForm } from './use-account-form';
import {
  AccountEmailField,
  AccountMarketingChoices,
  NameFields,
  NewPasswordFields,
  PhoneFields,
  defaultPrefixFor,
  detailsOf,
} from './shared-fields';

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

export function RegisterView() {
  const { i18n } = useLingui();
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
        ...detailsOf(values, marketing),
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
      <NameFields firstname={form.field('firstname')} lastname={form.field('lastname')} />
      <AccountEmailField {...form.field('email')} />
      <FormField
        kind="email"
        label={i18n._('account.field.email-confirmation')}
        autoComplete="email"
        required
        {...form.field('emailConfirmation')}
      />
      <PhoneFields prefix={form.field('telephonePrefix')} number={form.field('telephoneNumber')} />
      <NewPasswordFields
        password={form.field('password')}
        confirmation={form.field('passwordConfirmation')}
        passwordError={form.errorOf('password')}
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
