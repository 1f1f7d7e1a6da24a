/** My details, read-only, with the button that opens the form. */
import { useT } from '@/i18n/use-t';
import type { User } from '@/shared/account-types';
import { callingCode } from '@/shared/rules/phone';

export function DetailsSummary({ user, onEdit }: { user: User; onEdit: () => void }) {
  const t = useT();
  const rows: Array<[string, string]> = [
    [t('account.field.firstname'), user.firstname],
    [t('account.field.lastname'), user.lastname],
    [t('account.field.email'), user.email],
    [
      t('forms.field.phone'),
      user.telephoneNumber ? `${callingCode(user.telephonePrefix)} ${user.telephoneNumber}` : '–',
    ],
    [
      t('account.marketing.legend'),
      user.marketing.length
        ? user.marketing.map((choice) => t(`account.marketing.${choice}`)).join(', ')
        : t('account.marketing.none'),
    ],
  ];
  return (
    <section aria-labelledby="account-details-title">
      <h2 id="account-details-title">{t('account.details.title')}</h2>
      <dl className="account-details">
        {rows.map(([label, value]) => (
          <div key={label} className="account-details__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="button button--primary" onClick={onEdit}>
        {t('account.details.edit')}
      </button>
    </section>
  );
}
