import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useT } from '../i18n/use-t';
import type { Layout, NavigationItem } from '../shared/content-schema';
import { visibleNavigation } from '../shared/navigation';
import type { HeadData } from '../shared/head';
import { LOCALE_INFO, LOCALIZED_PATHS, LOCALES } from '../shared/locales';
import { useOnlineStatus } from '../ui/use-online-status';
import { CartLink } from '../features/cart/cart-link';
import { useSite } from '../ui/site-context';
import { ACCOUNT_PATHS } from '../shared/account-paths';
import { useUserFirstName, userLabel } from '../features/account/session/user-label';
import './header.css';

function NavTree({ items, level }: { items: NavigationItem[]; level: number }) {
  return (
    <ul className={`nav__list nav__list--level-${level}`}>
      {items.map((item) => (
        <li key={item.id} className="nav__item">
          <NavLink to={item.url} end={item.url === '/'} className="nav__link">
            {item.text}
          </NavLink>
          {item.children.length > 0 ? <NavTree items={item.children} level={level + 1} /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Says so while the browser is offline (issue 4). The live region is always there, empty
 * while online (and on the server), so that screen readers announce the change.
 */
function OfflineNotice() {
  const t = useT();
  const online = useOnlineStatus();
  return (
    <p className="site-header__offline" role="status">
      {online ? null : t('header.offline')}
    </p>
  );
}

/**
 * The user label (spec §4): the first name when logged in (a link to the account hub),
 * else 'login' (a link to the login page). Guests see 'login' in the server's HTML too.
 */
function UserLabel() {
  const t = useT();
  const { locale } = useSite();
  const firstName = useUserFirstName();
  return (
    <Link
      to={ACCOUNT_PATHS[firstName ? 'hub' : 'login'][locale]}
      className="site-header__user"
      data-testid="user-label"
    >
      {userLabel(firstName, t('header.login'))}
    </Link>
  );
}

/** Links to this page in the other locales, from the hreflang alternates of the page. */
function LocaleSwitcher({ head }: { head: HeadData }) {
  const t = useT();
  const { locale } = useSite();
  const byLang = new Map(head.alternates.map((alternate) => [alternate.hreflang, alternate.href]));
  return (
    <nav className="locale-switcher" aria-label={t('nav.languages')}>
      <ul>
        {LOCALES.map((code) => {
          const info = LOCALE_INFO[code];
          const href = byLang.get(info.htmlLang);
          if (code === locale) {
            return (
              <li key={code}>
                <span aria-current="true" lang={info.htmlLang}>
                  {info.displayName}
                </span>
              </li>
            );
          }
          return href ? (
            <li key={code}>
              {/* Another locale is another document: its messages and router basename differ. */}
              <a href={href} hrefLang={info.htmlLang} lang={info.htmlLang}>
                {info.displayName}
              </a>
            </li>
          ) : null;
        })}
      </ul>
    </nav>
  );
}

/**
 * The site header: logo, quick navigation to the station locator, the user label, and the
 * menu (main navigation tree and locale switcher).
 *
 * The phone menu is a <details>/<summary> disclosure rather than a button with React
 * state: the browser opens and closes it with or without JavaScript and before hydration,
 * it is collapsed from the first paint (no layout shift), and browsers expose the summary
 * as an expandable button. JavaScript only adds conveniences: Esc closes it, and following
 * a link (or any navigation) closes it. From 992 px up (spec §9 smallDesktop) the CSS
 * shows the menu content whether or not the <details> is open and hides the summary.
 */
export function Header({ layout, head }: { layout: Layout | null; head: HeadData }) {
  const t = useT();
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
            alt={layout?.logo?.alt || t('nav.home')}
            width={layout?.logo?.width ?? 120}
            height={layout?.logo?.height ?? 48}
          />
        </Link>
        <Link to={LOCALIZED_PATHS.stationLocator[locale]} className="site-header__quick">
          {t('nav.stationLocator')}
        </Link>
        <CartLink />
        <UserLabel />
        <details ref={menuRef} className="site-header__menu" onKeyDown={onMenuKeyDown}>
          <summary className="site-header__menu-button">
            <span className="site-header__menu-icon" aria-hidden="true" />
            <span className="site-header__menu-label site-header__menu-label--open">{t('nav.openMenu')}</span>
            <span className="site-header__menu-label site-header__menu-label--close">{t('nav.closeMenu')}</span>
          </summary>
          <div id={panelId} className="site-header__panel" onClick={onMenuClick}>
            <nav className="nav" aria-label={t('nav.mainNavigation')}>
              <NavTree items={navigation} level={1} />
            </nav>
            <LocaleSwitcher head={head} />
          </div>
        </details>
      </div>
      <OfflineNotice />
    </header>
  );
}
