/** Login (spec §4): e-mail and password; offline it says so and keeps what was typed. */
import { AccountForm } from './account-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '@/ui/link';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import { ACCOUNT_PATHS, safeReturnPath } from '#shared/account-paths';
import { ACCOUNT_FORM_RULES } from '#shared/rules/forms';
import { FormField, FormMessage } from '@/ui/form/form-field';
import type { FieldMessage } from '@/ui/form/use-form-fields';
import { useOnlineStatus } from '@/ui/use-online-status';
import { checkSession } from '../session/session-actions';
import { ApiError, login } from '../api/account-api';
import { requestErrorId, tooManyFailure } from './account-helpers';
import { ACCOUNT_TOKEN_SHAPE } from '#shared/rules/link-token';
import { AccountEmailField } from './shared-fields';
import { useAccountForm } from './use-account-form';

/** The token of an unlock link, when the address carries a well-formed one. */
function unlockTokenOf(value: string | null): string | undefined {
  return value && ACCOUNT_TOKEN_SHAPE.test(value) ? value : undefined;
}

/** Why a login was refused, in the words the form shows. */
function loginFailure(error: unknown): FieldMessage {
  if (error instanceof ApiError && error.status === 401) return { id: /*i18n*/ 'account.errors.invalid-credentials' };
  if (error instanceof ApiError && error.is('EMAIL_NOT_CONFIRMED'))
    return { id: /*i18n*/ 'account.errors.email-not-confirmed' };
  if (error instanceof ApiError && error.status === 429) return tooManyFailure(error);
  return { id: requestErrorId(error) };
}

export function LoginView() {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const online = useOnlineStatus();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Opened from the unlock link mailed to a locked-out account (docs/accounts.md "Rate limits").
  const unlockToken = unlockTokenOf(searchParams.get('token'));
  const { form, outcome, pending, onSubmit } = useAccountForm({
    initial: { email: '', password: '' },
    rules: ACCOUNT_FORM_RULES.login,
    online,
    failure: loginFailure,
    send: async (values) => {
      await login(locale, values.email.trim(), values.password, unlockToken);
      // A check the page sent before this login would answer for a guest.
      await checkSession(locale, { sessionChanged: true });
      const returnTo = safeReturnPath(searchParams.get('returnTo'));
      await navigate(returnTo ?? ACCOUNT_PATHS.hub[locale], { replace: true });
    },
  });

  return (
    <AccountForm
      titleId="account-login-title"
      title={i18n._('account.login.title')}
      outcome={outcome}
      onSubmit={onSubmit}
      intro={
        <>
          {!online ? <FormMessage kind="info">{i18n._('account.offline-notice')}</FormMessage> : null}
          {unlockToken ? <FormMessage kind="info">{i18n._('account.login.unlock-notice')}</FormMessage> : null}
        </>
      }
    >
      <AccountEmailField autoComplete="username" {...form.field('email')} />
      <FormField
        kind="password"
        label={i18n._('account.field.password')}
        autoComplete="current-password"
        required
        {...form.field('password')}
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? i18n._('account.login.busy') : i18n._('account.login.submit')}
        </button>
        <Link to={ACCOUNT_PATHS.forgotPassword[locale]}>{i18n._('account.login.forgot')}</Link>
      </div>
      <p>
        {i18n._('account.login.no-account')}{' '}
        <Link to={ACCOUNT_PATHS.register[locale]}>{i18n._('account.login.register')}</Link>
      </p>
    </AccountForm>
  );
}
