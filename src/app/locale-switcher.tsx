import { useLingui } from '@lingui/react';
import type { HeadData } from '#shared/head';
import { localeCookieAssignment } from '#shared/locale-detection';
import { LOCALE_INFO, LOCALES, type Locale } from '#shared/locales';
import { useSite } from '@/ui/site-context';

/** Remembers the visitor's choice, so that first-visit detection on "/" respects it (spec §4). */
function rememberLocale(locale: Locale) {
  document.cookie = localeCookieAssignment(locale);
}

/**
 * Links to this page in the other locales, from the hreflang alternates of the page; a
 * locale without this page gets a link to its landing page (`head.landings`), so every
 * language can always be chosen (docs/behaviour.md "Locale switcher").
 *
 * Choosing a language stores it in the locale cookie (here, with JavaScript) and the
 * server skips detection on a same-origin navigation to "/" (without it), so "Suomi"
 * lands on the Finnish site even in a Swedish browser.
 */
export function LocaleSwitcher({ head }: { head: HeadData }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const samePage = new Map(head.alternates.map((alternate) => [alternate.hreflang, alternate.href]));
  const landing = new Map((head.landings ?? []).map((alternate) => [alternate.hreflang, alternate.href]));
  return (
    <nav className="locale-switcher" aria-label={i18n._('nav.languages')}>
      <ul>
        {LOCALES.map((code) => {
          const info = LOCALE_INFO[code];
          if (code === locale) {
            return (
              <li key={code}>
                <span aria-current="true" lang={info.htmlLang}>
                  {info.displayName}
                </span>
              </li>
            );
          }
          const href = samePage.get(info.htmlLang) ?? landing.get(info.htmlLang);
          return href ? (
            <li key={code}>
              {/* Another locale is another document: its messages and router basename differ. */}
              <a href={href} hrefLang={info.htmlLang} lang={info.htmlLang} onClick={() => rememberLocale(code)}>
                {info.displayName}
              </a>
            </li>
          ) : null;
        })}
      </ul>
    </nav>
  );
}
