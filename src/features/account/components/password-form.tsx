/**
 * The password change of my details. Once changed, the fields are emptied and the form
 * starts afresh (`reset`): no 'required' messages until it is sent again (a success must not look like an error).
 */
import { AccountForm } from './account-form';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import { ACCOUNT_FORM_RULES } from '#shared/rules/forms';
import { FormField, FormMessage } from '@/ui/form/form-field';
import { changePassword } from '../api/account-api';
import { usePasswordHint } from './account-helpers';
import { useAccountForm } from './use-account-form';
import { ACCOUNT_FIELD_IDS } from '../message-ids';

const EMPTY = { currentPassword: '', newPassword: '', newPasswordConfirmation: '' };
const NAMES = ['currentPassword', 'newPassword', 'newPasswordConfirmation'] as const;

export function PasswordForm() {
  const { i18n } = useLingui();
  const passwordHint = usePasswordHint();
  const { locale } = useSite();
  const { form, outcome, pending, onSubmit } = useAccountForm({
    initial: EMPTY,
    rules: ACCOUNT_FORM_RULES.changePassword,
    send: (values) => changePassword(locale, values.currentPassword, values.newPassword),
    onDone: (fields) => fields.reset(EMPTY),
  });

  return (
    <AccountForm
      titleId="account-password-title"
      title={i18n._('account.password.title')}
      outcome={outcome}
      onSubmit={onSubmit}
      intro={
        <>
          <p>{i18n._('account.password.lead')}</p>
          {outcome.kind === 'done' ? <FormMessage kind="success">{i18n._('account.password.done')}</FormMessage> : null}
        </>
      }
    >
      {NAMES.map((name) => (
        <FormField
          key={name}
          kind="password"
          label={i18n._(ACCOUNT_FIELD_IDS[name] ?? `account.field.${name}`)}
          autoComplete={name === 'currentPassword' ? 'current-password' : 'new-password'}
          hint={name === 'newPassword' ? passwordHint(form.errorOf(name)) : undefined}
          required
          {...form.field(name)}
        />
      ))}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {i18n._('account.password.submit')}
        </button>
      </div>
    </AccountForm>
  );
}
