/** Logs out (spec §4) and goes to the login page; on failure the session store keeps the user. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import { ACCOUNT_PATHS } from '#shared/account-paths';
import { logout } from '../session/session-actions';

export function LogoutButton() {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        const done = await logout(locale);
        setBusy(false);
        if (done) await navigate(ACCOUNT_PATHS.login[locale]);
      }}
    >
      {i18n._('account.logout')}
    </button>
  );
}
