/** The link back to the account hub above each page of my pages. */
import { Link } from '@/ui/link';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import { ACCOUNT_PATHS } from '#shared/account-paths';

export function BackToHub() {
  const { i18n } = useLingui();
  const { locale } = useSite();
  return (
    <p className="account__back">
      <Link to={ACCOUNT_PATHS.hub[locale]}>{i18n._('account.back-to-hub')}</Link>
    </p>
  );
}
