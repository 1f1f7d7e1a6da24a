/**
 * The views reached from account e-mails: confirm the e-mail address (the link's
 * ?token= is sent on opening; or the address and the mail's six-digit code are typed),
 * ask for a password reset, and set a new password with the reset link's token (checked
 * on opening, so that a used or expired link says so before any password is typed).
 */
import { AccountForm } from './account-form';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/ui/link';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import { ACCOUNT_PATHS } from '#shared/account-paths';
import { ACCOUNT_FORM_RULES } from '#shared/rules/forms';
import { FormField, FormMessage } from '@/ui/form/form-field';
import type { FieldMessage } from '@/ui/form/use-form-fields';
import { useOnlineStatus } from '@/ui/use-online-status';
import { ApiError, checkResetToken, confirmEmail, requestPasswordReset, resetPassword } from '../api/account-api';
import { normaliseConfirmationCode } from '#shared/rules/confirmation-code';
import { ACCOUNT_TOKEN_SHAPE } from '#shared/rules/link-token';
import { requestErrorId, tooManyFailure } from './account-helpers';
import { AccountEmailField, NewPasswordFields } from './shared-fields';
import { useAccountForm } from './use-account-form';

const INVALID_LINK: FieldMessage = { id: /*i18n*/ 'account.errors.invalid-token' };

/**
 * Whether `?token=` can be a token of our mails at all. One cut short, or with a character
 * a mail program or a copy added ("…abc." at the end of a sentence), is as invalid as a used
 * one, and says so: the servers refuse its shape as a malformed request (400 BAD_REQUEST),
 * which showed "Something went wrong" (confirm) or a form whose reset could only fail (reset).
 */
function isLinkToken(token: string): boolean {
  return ACCOUNT_TOKEN_SHAPE.test(token);
}

/**
 * A used, expired or unknown token says so; too many attempts say how long to wait, as
 * the login form does; other failures as every account form.
 */
function tokenFailure(error: unknown): FieldMessage {
  if (error instanceof ApiError && error.is('INVALID_TOKEN')) return INVALID_LINK;
  if (error instanceof ApiError && error.status === 429) return tooManyFailure(error);
  return { id: requestErrorId(error) };
}

/**
 * The reset link's check on opening: 'checking', 'usable', or why the form is not shown.
 * A check that cannot be made (offline, a server failure) shows the form: the reset itself
 * says what is wrong then.
 */
function useResetLinkCheck(token: string): 'checking' | 'usable' | FieldMessage {
  const { locale } = useSite();
  const [state, setState] = useState<'checking' | 'usable' | FieldMessage>(
    !token ? 'usable' : isLinkToken(token) ? 'checking' : INVALID_LINK,
  );
  useEffect(() => {
    if (!token || !isLinkToken(token)) return;
    let current = true;
    checkResetToken(locale, token).then(
      () => current && setState('usable'),
      (error: unknown) => {
        if (!current) return;
        const refused = error instanceof ApiError && (error.is('INVALID_TOKEN') || error.status === 429);
        setState(refused ? tokenFailure(error) : 'usable');
      },
    );
    return () => {
      current = false;
    };
  }, [locale, token]);
  return state;
}

/** The end of a confirmation or a reset: what was done, and the way to log in. */
function DoneThenLogin({ title }: { title: string }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  return (
    <FormMessage kind="success">
      <h2>{title}</h2>
      <p>
        <Link to={ACCOUNT_PATHS.login[locale]}>{i18n._('account.confirm.login')}</Link>
      </p>
    </FormMessage>
  );
}

export function ConfirmEmailView() {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const [searchParams] = useSearchParams();
  const linkToken = searchParams.get('token') ?? '';
  const { form, outcome, onSubmit, run } = useAccountForm({
    initial: { email: '', code: '' },
    rules: ACCOUNT_FORM_RULES.confirmEmail,
    failure: tokenFailure,
    // The automatic run on opening sends the link's token; a typed submit, the address and code.
    send: async (values) => {
      const byLink = values.code === '' && linkToken !== '';
      if (byLink && !isLinkToken(linkToken)) throw new ApiError(400, 'INVALID_TOKEN', 'Not a token of our mails');
      await confirmEmail(
        locale,
        byLink ? { token: linkToken } : { email: values.email.trim(), code: normaliseConfirmationCode(values.code) },
      );
    },
  });
  // The link's token is sent on opening; until then, and while it runs, the page says it
  // is confirming (the server's HTML too, so that nothing jumps on hydration). Without a
  // link, the visitor types the address and the six-digit code of the mail.
  const [linkSent, setLinkSent] = useState(false);
  const sending = useRef(false);
  const confirming = outcome.kind === 'busy' || (linkToken !== '' && !linkSent);

  useEffect(() => {
    if (!linkToken || sending.current) return;
    sending.current = true;
    setLinkSent(true);
    run({ email: '', code: '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the token of the link
  }, [linkToken]);

  if (outcome.kind === 'done') return <DoneThenLogin title={i18n._('account.confirm.done-title')} />;

  return (
    <AccountForm
      titleId="account-confirm-title"
      title={i18n._('account.confirm.title')}
      outcome={outcome}
      onSubmit={onSubmit}
      intro={
        confirming ? (
          <p role="status">{i18n._('account.confirm.busy')}</p>
        ) : (
          <p>{i18n._('account.confirm.code-lead')}</p>
        )
      }
    >
      <AccountEmailField {...form.field('email')} />
      <FormField
        kind="text"
        label={i18n._('account.field.code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        required
        {...form.field('code')}
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={confirming}>
          {i18n._('account.confirm.submit')}
        </button>
      </div>
    </AccountForm>
  );
}

export function ForgotPasswordView() {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const online = useOnlineStatus();
  const { form, outcome, onSubmit } = useAccountForm({
    initial: { email: '' },
    rules: ACCOUNT_FORM_RULES.forgotPassword,
    online,
    send: (values) => requestPasswordReset(locale, values.email.trim()),
  });

  if (outcome.kind === 'done') {
    return (
      <FormMessage kind="success">
        <h2>{i18n._('account.forgot.sent-title')}</h2>
        <p>{i18n._('account.forgot.sent', { email: form.values.email.trim() })}</p>
      </FormMessage>
    );
  }
  return (
    <AccountForm
      titleId="account-forgot-title"
      title={i18n._('account.forgot.title')}
      outcome={outcome}
      onSubmit={onSubmit}
      intro={
        <>
          <p>{i18n._('account.forgot.lead')}</p>
        </>
      }
    >
      <AccountEmailField {...form.field('email')} />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={outcome.kind === 'busy'}>
          {i18n._('account.forgot.submit')}
        </button>
        <Link to={ACCOUNT_PATHS.login[locale]}>{i18n._('account.forgot.back')}</Link>
      </div>
    </AccountForm>
  );
}

/** Under a refused reset: for an unknown, used or expired link, the way to ask for a new one. */
function AskAgain({ messageId }: { messageId: string }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  if (messageId !== 'account.errors.invalid-token') return null;
  return (
    <p>
      <Link to={ACCOUNT_PATHS.forgotPassword[locale]}>{i18n._('account.reset.ask-again')}</Link>
    </p>
  );
}

/** A reset link that cannot be used (unknown, used or expired), with a way to ask for a new one. */
function ResetLinkRefused({ message }: { message: FieldMessage }) {
  const { i18n } = useLingui();
  return (
    <section className="account-form" aria-labelledby="account-reset-title">
      <h2 id="account-reset-title">{i18n._('account.reset.title')}</h2>
      <FormMessage kind="error">
        <p>{i18n._(message.id, message.values)}</p>
        <AskAgain messageId={message.id} />
      </FormMessage>
    </section>
  );
}

export function ResetPasswordView() {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const online = useOnlineStatus();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { form, outcome, onSubmit } = useAccountForm({
    initial: { password: '', passwordConfirmation: '' },
    rules: ACCOUNT_FORM_RULES.resetPassword,
    online,
    failure: tokenFailure,
    send: (values) => resetPassword(locale, token, values.password),
  });
  const linkCheck = useResetLinkCheck(token);

  if (outcome.kind === 'done') return <DoneThenLogin title={i18n._('account.reset.done-title')} />;
  if (linkCheck === 'checking') {
    // The frame of the form (and its note for browsers without JavaScript), no fields yet.
    return (
      <AccountForm
        titleId="account-reset-title"
        title={i18n._('account.reset.title')}
        outcome={outcome}
        onSubmit={onSubmit}
        intro={<p role="status">{i18n._('account.reset.checking')}</p>}
      >
        {null}
      </AccountForm>
    );
  }
  if (!token || linkCheck !== 'usable')
    return (
      <ResetLinkRefused
        message={!token || linkCheck === 'usable' ? { id: /*i18n*/ 'account.errors.invalid-token' } : linkCheck}
      />
    );
  return (
    <AccountForm
      titleId="account-reset-title"
      title={i18n._('account.reset.title')}
      outcome={outcome}
      onSubmit={onSubmit}
      failureExtra={(messageId) => <AskAgain messageId={messageId} />}
    >
      <NewPasswordFields
        password={form.field('password')}
        confirmation={form.field('passwordConfirmation')}
        passwordError={form.errorOf('password')}
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={outcome.kind === 'busy'}>
          {i18n._('account.reset.submit')}
        </button>
      </div>
    </AccountForm>
  );
}
