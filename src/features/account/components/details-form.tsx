/** The form of my details: names, phone (the one phone rule) and marketing choices. */
import { AccountForm } from './account-form';
import { useState } from 'react';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import type { MarketingChoice, User } from '#shared/account-types';
import { ACCOUNT_FORM_RULES } from '#shared/rules/forms';
import { useOnlineStatus } from '@/ui/use-online-status';
import { loadCustomer } from '../session/session-actions';
import { updateDetails } from '../api/account-api';
import { phoneCheck } from './phone-check';
import { AccountMarketingChoices, NameFields, PhoneFields, detailsOf } from './shared-fields';
import { useAccountForm } from './use-account-form';

/** `onDone(true)` once saved and the session store reloaded, `onDone(false)` on cancel. */
export function DetailsForm({ user, onDone }: { user: User; onDone: (saved: boolean) => void }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const online = useOnlineStatus();
  const [marketing, setMarketing] = useState<MarketingChoice[]>([...user.marketing]);
  const { form, outcome, pending, onSubmit } = useAccountForm({
    initial: {
      firstname: user.firstname,
      lastname: user.lastname,
      telephonePrefix: user.telephonePrefix as string,
      telephoneNumber: user.telephoneNumber,
    },
    rules: ACCOUNT_FORM_RULES.details,
    online,
    check: phoneCheck,
    send: async (values) => {
      await updateDetails(locale, detailsOf(values, marketing));
      await loadCustomer(locale);
    },
    onDone: () => onDone(true),
  });

  return (
    <AccountForm
      titleId="account-edit-title"
      title={i18n._('account.details.edit-title')}
      outcome={outcome}
      onSubmit={onSubmit}
    >
      <NameFields firstname={form.field('firstname')} lastname={form.field('lastname')} />
      <PhoneFields prefix={form.field('telephonePrefix')} number={form.field('telephoneNumber')} />
      <AccountMarketingChoices value={marketing} onChange={setMarketing} />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? i18n._('account.details.saving') : i18n._('account.details.save')}
        </button>
        <button type="button" className="button" onClick={() => onDone(false)}>
          {i18n._('account.details.cancel')}
        </button>
      </div>
    </AccountForm>
  );
}
