/**
 * The password change of my details. Once changed, the fields are emptied and the form
 * starts afresh (`reset`): no 'required' messages until it is sent again (a success must not look like an error).
 */
import { AccountForm } from './account-form';
import { useSite } from '@/ui/site-context';
import { useT } from '@/i18n/use-t';
import { ACCOUNT_FORM_RULES } from '@/shared/rules/forms';
import { FormField, FormMessage } from '@/ui/form/form-field';
import { changePassword } from '../api/account-api';
import { usePasswordHint } from './account-helpers';
import { useAccountForm } from './use-account-form';

const EMPTY = { currentPassword: '', newPassword: '', newPasswordConfirmation: '' };
const NAMES = ['currentPassword', 'newPassword', 'newPasswordConfirmation'] as const;

export function PasswordForm() {
  const t = useT();
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
      title={t('account.password.title')}
      outcome={outcome}
      onSubmit={onSubmit}
      intro={
        <>
          <p>{t('account.password.lead')}</p>
          {outcome.kind === 'done' ? <FormMessage kind="success">{t('account.password.done')}</FormMessage> : null}
        </>
      }
    >
      {NAMES.map((name) => (
        <FormField
          key={name}
          kind="password"
          label={t(`account.field.${name}`)}
          autoComplete={name === 'currentPassword' ? 'current-password' : 'new-password'}
          hint={name === 'newPassword' ? passwordHint(form.errorOf(name)) : undefined}
          required
          {...form.field(name)}
        />
      ))}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {t('account.password.submit')}
        </button>
      </div>
    </AccountForm>
  );
}
