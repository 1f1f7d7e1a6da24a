import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { Link } from '@/ui/link';
import { MY_STATIONS_ANCHOR } from '#shared/station-constants';
import { useLingui } from '@lingui/react';
import type { Layout } from '#shared/content-schema';
import { visibleNavigation } from '#shared/navigation';
import type { HeadData } from '#shared/head';
import { LOCALIZED_PATHS } from '#shared/locales';
import { useOnlineStatus } from '@/ui/use-online-status';
import { usePagePayload } from '@/ui/payload-context';
import { CartLink } from '@/features/shop';
import { useSite } from '@/ui/site-context';
import { ACCOUNT_PATHS } from '#shared/account-paths';
import { useUserFirstName, userLabel } from '@/features/account/session/user-label';
import { LocaleSwitcher } from './locale-switcher';
import { MainNavigation } from './main-navigation';
import './header.css';

/**
 * Says so while the browser is offline, so that a visitor knows why pages may be old. The live region is always there, empty
 * while online (and on the server), so that screen readers announce the change.
 */
function OfflineNotice() {
  const { i18n } = useLingui();
  const online = useOnlineStatus();
  // The offline notice of a page that is not saved says "you are offline" itself; "showing
  // saved content" above it would contradict it (issue 31, finding 9).
  const notSaved = usePagePayload()?.offline?.kind === 'notice';
  return (
    <p className="site-header__offline" role="status">
      {online || notSaved ? null : i18n._('header.offline')}
    </p>
  );
}

/**
 * The entry point of site search (docs/behaviour.md "Search"): a link to the locale's
 * search page, whose form works with and without JavaScript. On phones the bar shows a
 * magnifier only (the word stays, visually hidden, as the link's name).
 */
function SearchLink() {
  const { i18n } = useLingui();
  const { locale } = useSite();
  return (
    <Link to={LOCALIZED_PATHS.search[locale]} className="site-header__search">
      <svg
        className="site-header__search-icon"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <span className="site-header__search-text">{i18n._('header.search')}</span>
    </Link>
  );
}

/**
 * The user label (spec §4): the first name when logged in (a link to the account hub),
 * else 'login' (a link to the login page). Guests see 'login' in the server's HTML too.
 * Below 375 px the bar has no room for the word: a person icon shows instead, and the
 * word (or the name) stays, visually hidden, as the link's name (header.css).
 */
function UserLabel() {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const firstName = useUserFirstName();
  return (
    <Link
      to={ACCOUNT_PATHS[firstName ? 'hub' : 'login'][locale]}
      className={firstName ? 'site-header__user' : 'site-header__user site-header__user--guest'}
      data-testid="user-label"
    >
      <svg
        className="site-header__user-icon"
        viewBox="0 0 24 24"
        width="22"
        height="22"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="8" r="4.25" fill="none" stroke="currentColor" strokeWidth="2.25" />
        <path
          d="M4 21c0-4.4 3.6-7.5 8-7.5s8 3.1 8 7.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.25"
          strokeLinecap="round"
        />
      </svg>
      <span className="site-header__user-text">{userLabel(firstName, i18n._('header.login'))}</span>
    </Link>
  );
}

/**
 * The site header: logo, quick navigation to the station locator, the search entry, the
 * user label, and the menu (main navigation tree and locale switcher).
 *
 * The phone menu is a <details>/<summary> disclosure rather than a button with React
 * state: the browser opens and closes it with or without JavaScript and before hydration,
 * it is collapsed from the first paint (no layout shift), and browsers expose the summary
 * as an expandable button. JavaScript only adds conveniences: Esc closes it, and following
 * a link (or any navigation) closes it. From 992 px up (BREAKPOINTS.smallDesktop) the CSS
 * shows the menu content whether or not the <details> is open and hides the summary.
 */
export function Header({ layout, head }: { layout: Layout | null; head: HeadData }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const panelId = useId();
  const menuRef = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const navigation = layout ? visibleNavigation(layout.navigation) : [];

  // Back and forward navigations close the menu too, not only clicks on its links. The
  // first run is skipped: a menu opened before hydration stays open.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (menuRef.current) menuRef.current.open = false;
  }, [pathname]);

  function onMenuClick(event: MouseEvent<HTMLDivElement>) {
    if (event.target instanceof Element && event.target.closest('a') && menuRef.current) {
      menuRef.current.open = false;
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDetailsElement>) {
    const menu = menuRef.current;
    if (event.key !== 'Escape' || !menu?.open) return;
    menu.open = false;
    menu.querySelector('summary')?.focus();
  }

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to="/" className="site-header__logo">
          <img
            src={layout?.logo?.src ?? '/images/logo.svg'}
            alt={layout?.logo?.alt || i18n._('nav.home')}
            width={layout?.logo?.width ?? 120}
            height={layout?.logo?.height ?? 48}
          />
        </Link>
        <Link to={LOCALIZED_PATHS.stationLocator[locale]} className="site-header__quick">
          {i18n._('nav.stationLocator')}
        </Link>
        <SearchLink />
        <CartLink />
        <UserLabel />
        <details ref={menuRef} className="site-header__menu" onKeyDown={onMenuKeyDown}>
          <summary className="site-header__menu-button">
            <span className="site-header__menu-icon" aria-hidden="true" />
            <span className="site-header__menu-label site-header__menu-label--open visually-hidden">
              {i18n._('nav.openMenu')}
            </span>
            <span className="site-header__menu-label site-header__menu-label--close visually-hidden">
              {i18n._('nav.closeMenu')}
            </span>
          </summary>
          <div id={panelId} className="site-header__panel" onClick={onMenuClick}>
            <MainNavigation items={navigation} label={i18n._('nav.mainNavigation')} cacheOwner={layout} />
            {/* The starred stations, otherwise reachable only from the locator's page and the app's shortcut. */}
            <p className="site-header__my-stations">
              <Link to={`${LOCALIZED_PATHS.stationLocator[locale]}#${MY_STATIONS_ANCHOR}`}>
                {i18n._('nav.myStations')}
              </Link>
            </p>
            <LocaleSwitcher head={head} />
          </div>
        </details>
      </div>
      <OfflineNotice />
    </header>
  );
}
