/** My details: the summary or its form, a note once saved, and the password change. Needs a session. */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLingui } from '@lingui/react';
import type { User } from '#shared/account-types';
import { FormMessage } from '@/ui/form/form-field';
import { session } from '@/ui/session-store';
import { Loading, useRequireSession } from './account-helpers';
import { BackToHub } from './back-to-hub';
import { DetailsForm } from './details-form';
import { DetailsSummary } from './details-summary';
import { PasswordForm } from './password-form';

export function MyDetailsView() {
  const { i18n } = useLingui();
  const ready = useRequireSession();
  const { user } = useSnapshot(session);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  if (!ready || !user) return <Loading />;
  return (
    <div className="account-view">
      <BackToHub />
      {saved && !editing ? <FormMessage kind="success">{i18n._('account.details.saved')}</FormMessage> : null}
      {editing ? (
        <DetailsForm
          user={user as User}
          onDone={(didSave) => {
            setEditing(false);
            setSaved(didSave);
          }}
        />
      ) : (
        <DetailsSummary
          user={user as User}
          onEdit={() => {
            setSaved(false);
            setEditing(true);
          }}
        />
      )}
      <PasswordForm />
    </div>
  );
}
