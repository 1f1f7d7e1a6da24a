/** The link back to the account hub above each page of my pages. */
import { Link } from 'react-router';
import { useSite } from '@/ui/site-context';
import { useT } from '@/i18n/use-t';
import { ACCOUNT_PATHS } from '@/shared/account-paths';

export function BackToHub() {
  const t = useT();
  const { locale } = useSite();
  return (
    <p className="account__back">
      <Link to={ACCOUNT_PATHS.hub[locale]}>{t('account.back-to-hub')}</Link>
    </p>
  );
}
