import { useId, useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react';
import type { ConsentChoice } from '../consent-cookie';
import { bannerWanted, bannerWantedOnServer, subscribeBannerWanted } from '../consent-banner-state';
import '@/ui/bottom-banner.css';
import './consent.css';

/** The choice is stored by code that loads on the first click (valtio, the cookie writer). */
function choose(choice: ConsentChoice): void {
  void import('../use-consent-actions').then(({ storeConsent }) => storeConsent(choice));
}

function customize(): void {
  void import('../consent-store').then(({ openConsentSettings }) => openConsentSettings());
}

/**
 * The first-visit question, shown until the visitor chooses. It is a labelled region
 * pinned to the bottom of the window, not a modal: the page stays usable (and reachable
 * by keyboard and screen reader) while it is open, and declining by ignoring it loads no
 * tags. It comes last in the document so that the skip link stays the first tab stop.
 * "Choose" opens the settings dialog, which is the accessible modal.
 *
 * The server renders it into every page (its space and text paint with the page); the
 * browser removes it right after hydration when the cookie holds a choice, and a page
 * without scripting never shows it (consent.css), since nothing could be stored there.
 */
export function ConsentBanner() {
  const { i18n } = useLingui();
  const wanted = useSyncExternalStore(subscribeBannerWanted, bannerWanted, bannerWantedOnServer);
  const headingId = useId();
  const textId = useId();
  if (!wanted) return null;
  return (
    <section className="bottom-banner consent-banner" aria-labelledby={headingId} aria-describedby={textId}>
      <div className="consent-banner__inner">
        <h2 id={headingId} className="consent-banner__title">
          {i18n._('consent.title')}
        </h2>
        <p id={textId} className="consent-banner__text">
          {i18n._('consent.bannerText')}
        </p>
        <div className="consent-actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => choose({ analytics: true, maps: true })}
          >
            {i18n._('consent.acceptAll')}
          </button>
          <button type="button" className="button" onClick={() => choose({ analytics: false, maps: false })}>
            {i18n._('consent.necessaryOnly')}
          </button>
          <button type="button" className="button" aria-haspopup="dialog" onClick={customize}>
            {i18n._('consent.customize')}
          </button>
        </div>
      </div>
    </section>
  );
}
