/** Logs out (spec §4) and goes to the login page; on failure the session store keeps the user. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSite } from '@/ui/site-context';
import { useT } from '@/i18n/use-t';
import { ACCOUNT_PATHS } from '@/shared/account-paths';
import { logout } from '../session/session-actions';

export function LogoutButton() {
  const t = useT();
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
      {t('account.logout')}
    </button>
  );
}
