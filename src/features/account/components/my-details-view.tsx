/** My details: the summary or its form, a note once saved, and the password change. Needs a session. */
import { useEffect, useRef, useState } from 'react';
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
  const editButton = useRef<HTMLButtonElement>(null);
  const formArea = useRef<HTMLDivElement>(null);
  // Edit, Cancel and Save each take away the button that was pressed: the focus goes into
  // the form when it opens and back to "Edit details" when it closes, not to <body> (WCAG 2.4.3).
  const moveFocus = useRef(false);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    if (editing) formArea.current?.querySelector<HTMLElement>('input, select')?.focus();
    else editButton.current?.focus();
  }, [editing]);
  if (!ready || !user) return <Loading />;
  return (
    <div className="account-view">
      <BackToHub />
      {saved && !editing ? <FormMessage kind="success">{i18n._('account.details.saved')}</FormMessage> : null}
      {editing ? (
        <div ref={formArea}>
          <DetailsForm
            user={user as User}
            onDone={(didSave) => {
              moveFocus.current = true;
              setEditing(false);
              setSaved(didSave);
            }}
          />
        </div>
      ) : (
        <DetailsSummary
          user={user as User}
          editButton={editButton}
          onEdit={() => {
            moveFocus.current = true;
            setSaved(false);
            setEditing(true);
          }}
        />
      )}
      <PasswordForm />
    </div>
  );
}
