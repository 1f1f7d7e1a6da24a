/** My details, read-only, with the button that opens the form. */
import type { Ref } from 'react';
import { useLingui } from '@lingui/react';
import type { User } from '#shared/account-types';
import { callingCode } from '#shared/rules/telephone-prefixes';
import { ACCOUNT_MARKETING_IDS } from '../message-ids';

export function DetailsSummary({
  user,
  onEdit,
  editButton,
}: {
  user: User;
  onEdit: () => void;
  /** The "Edit details" button, which gets the focus back when the form closes. */
  editButton?: Ref<HTMLButtonElement>;
}) {
  const { i18n } = useLingui();
  const rows: Array<[string, string]> = [
    [i18n._('account.field.firstname'), user.firstname],
    [i18n._('account.field.lastname'), user.lastname],
    [i18n._('account.field.email'), user.email],
    [
      i18n._('forms.field.phone'),
      user.telephoneNumber ? `${callingCode(user.telephonePrefix)} ${user.telephoneNumber}` : '–',
    ],
    [
      i18n._('account.marketing.legend'),
      user.marketing.length
        ? user.marketing
            .map((choice) => i18n._(ACCOUNT_MARKETING_IDS[choice] ?? `account.marketing.${choice}`))
            .join(', ')
        : i18n._('account.marketing.none'),
    ],
  ];
  return (
    <section aria-labelledby="account-details-title">
      <h2 id="account-details-title">{i18n._('account.details.title')}</h2>
      <dl className="account-details">
        {rows.map(([label, value]) => (
          <div key={label} className="account-details__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <button ref={editButton} type="button" className="button button--primary" onClick={onEdit}>
        {i18n._('account.details.edit')}
      </button>
    </section>
  );
}
