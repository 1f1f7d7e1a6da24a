import { useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useT } from '../i18n/use-t';
import type { Layout, NavigationItem } from '../shared/content-schema';
import { visibleNavigation } from '../shared/navigation';
import type { HeadData } from '../shared/head';
import { LOCALE_INFO, LOCALIZED_PATHS, LOCALES } from '../shared/locales';
import { useSite } from './site-context';

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

export function Header({ layout, head }: { layout: Layout | null; head: HeadData }) {
  const t = useT();
  const { locale } = useSite();
  const menuId = useId();
  const { pathname } = useLocation();
  // The menu is open on the page where it was opened: a navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const navigation = layout ? visibleNavigation(layout.navigation) : [];

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
        <span className="site-header__user">{t('header.login')}</span>
        <button
          type="button"
          className="site-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setOpenOn(menuOpen ? null : pathname)}
        >
          {menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
        </button>
      </div>
      <div id={menuId} className={`site-header__menu${menuOpen ? ' is-open' : ''}`}>
        <nav className="nav" aria-label={t('nav.mainNavigation')}>
          <NavTree items={navigation} level={1} />
        </nav>
        <LocaleSwitcher head={head} />
      </div>
    </header>
  );
}
