/**
 * Pages the browser puts together offline (docs/pwa.md "Offline"): a station page from
 * the stored station list, or the offline notice of a page that needs the network. Both
 * show the normal header and footer in the page's language: this reads the layout stored
 * on the device (live: a fresher layout stored by another tab shows at once) and hands it
 * to the shell around it. Its own chunk: the landing page never needs it.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import type { Layout } from '#shared/content-schema';
import { LOCALE_INFO, LOCALES, type Locale } from '#shared/locales';
import type { PagePayload } from '#shared/payload';
import { offlineStartPages } from '#shared/service-worker-protocol';
import { useSite } from '@/ui/site-context';
import { readLayout } from './layout-store';

export default function OfflinePage({
  payload,
  onLayout,
  children,
}: {
  payload: PagePayload;
  /** Receives the stored layout of the page's locale, now and whenever it changes. */
  onLayout: (layout: Layout | null) => void;
  children: ReactNode;
}) {
  const stored = useLiveQuery(() => readLayout(payload.locale).catch(() => null), [payload.locale]);
  useEffect(() => {
    if (stored !== undefined) onLayout(stored);
  }, [stored, onLayout]);
  return payload.offline?.kind === 'notice' ? <OfflineNotice path={payload.offline.path} /> : <>{children}</>;
}

type StartPageKind = 'home' | 'stationLocator' | 'cart';
const START_PAGE_KINDS: readonly StartPageKind[] = ['home', 'stationLocator', 'cart'];
const START_PAGE_LABEL_IDS: Record<StartPageKind, string> = {
  home: /*i18n*/ 'app.offline.home',
  stationLocator: /*i18n*/ 'app.offline.stationLocator',
  cart: /*i18n*/ 'app.offline.cart',
};

interface OpensOffline {
  locale: Locale;
  kind: StartPageKind;
  href: string;
}

/** On a locale domain the path has no locale prefix (the host names the locale). */
function isDomainMode(locale: Locale, basename: string): boolean {
  return basename.replace(/^\/preview(?=\/|$)/, '') !== LOCALE_INFO[locale].prefix;
}

/**
 * The start pages of every locale served here that open offline: saved by the service
 * worker, or kept by the stations feature (the locator). A page that is not saved would
 * only lead to this notice again, so it is not offered.
 */
async function pagesThatOpenOffline(
  locale: Locale,
  domainMode: boolean,
  isStored: (href: string) => Promise<boolean>,
): Promise<OpensOffline[]> {
  const locales = domainMode ? [locale] : [locale, ...LOCALES.filter((code) => code !== locale)];
  const candidates = locales.flatMap((code) =>
    offlineStartPages(code, domainMode).map((href, index) => ({ locale: code, kind: START_PAGE_KINDS[index]!, href })),
  );
  const found = await Promise.all(
    candidates.map(async (page) => {
      const saved =
        'caches' in window ? await caches.match(page.href, { ignoreVary: true }).catch(() => undefined) : undefined;
      return saved || (await isStored(page.href).catch(() => false)) ? page : null;
    }),
  );
  return found.filter((page): page is OpensOffline => page !== null);
}

async function storedByStations(href: string): Promise<boolean> {
  const { storedPayload } = await import('@/features/stations/offline-pages');
  return (await storedPayload(href)) !== undefined;
}

/** The offline notice of a page that needs the network, with the pages that do open offline. */
function OfflineNotice({ path }: { path: string }) {
  const { i18n } = useLingui();
  const { locale, basename } = useSite();
  const [pages, setPages] = useState<OpensOffline[] | null>(null);

  useEffect(() => {
    let cancelled = false;
    void pagesThatOpenOffline(locale, isDomainMode(locale, basename), storedByStations).then((found) => {
      if (!cancelled) setPages(found);
    });
    return () => {
      cancelled = true;
    };
  }, [locale, basename]);

  return (
    <div className="offline-notice">
      <h1>{i18n._('app.offline.heading')}</h1>
      <p>{i18n._('app.offline.notice')}</p>
      <p>
        {/* A plain link: a full load of the address, which the network answers once it is back. */}
        <a className="offline-notice__retry" href={path}>
          {i18n._('app.offline.retry')}
        </a>
      </p>
      {pages === null ? null : pages.length === 0 ? (
        <p>{i18n._('app.offline.nothingSaved')}</p>
      ) : (
        <>
          <h2>{i18n._('app.offline.available')}</h2>
          <ul className="offline-notice__links">
            {pages.map((page) => (
              <li key={page.href}>
                <a
                  href={page.href}
                  {...(page.locale === locale ? {} : { hrefLang: LOCALE_INFO[page.locale].htmlLang })}
                >
                  {i18n._(START_PAGE_LABEL_IDS[page.kind])}
                  {page.locale === locale ? '' : ` (${LOCALE_INFO[page.locale].displayName})`}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
