/** The account hub: a greeting, links to my details, cards and orders, and logout. Needs a session. */
import { Link } from '@/ui/link';
import { useSnapshot } from 'valtio';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import { ACCOUNT_PATHS } from '#shared/account-paths';
import { session } from '@/ui/session-store';
import { Loading, useRequireSession } from './account-helpers';
import { LogoutButton } from './logout-button';
import { ACCOUNT_NAV_IDS, ACCOUNT_NAV_X_TEXT_IDS } from '../message-ids';

export function HubView() {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const ready = useRequireSession();
  const { user } = useSnapshot(session);
  if (!ready || !user) return <Loading />;
  return (
    <section className="account-hub" aria-labelledby="account-hub-title">
      <h2 id="account-hub-title">{i18n._('account.hub.greeting', { name: user.firstname })}</h2>
      <ul className="account-hub__links">
        {(['myPages', 'cards', 'orders'] as const).map((page) => (
          <li key={page}>
            <Link to={ACCOUNT_PATHS[page][locale]} className="account-hub__link">
              <span className="account-hub__link-title">{i18n._(ACCOUNT_NAV_IDS[page] ?? `account.nav.${page}`)}</span>
              <span>{i18n._(ACCOUNT_NAV_X_TEXT_IDS[page] ?? `account.nav.${page}-text`)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <LogoutButton />
    </section>
  );
}
