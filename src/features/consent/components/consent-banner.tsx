import { useId } from 'react';
import { useLingui } from '@lingui/react';
import { openConsentSettings } from '../consent-store';
import { useSaveConsent } from '../use-consent-actions';
import '@/ui/bottom-banner.css';

/**
 * The first-visit question, shown until the visitor chooses. It is a labelled region
 * pinned to the bottom of the window, not a modal: the page stays usable (and reachable
 * by keyboard and screen reader) while it is open, and declining by ignoring it loads no
 * tags. It comes last in the document so that the skip link stays the first tab stop.
 * "Choose" opens the settings dialog, which is the accessible modal.
 */
export function ConsentBanner() {
  const { i18n } = useLingui();
  const save = useSaveConsent();
  const headingId = useId();
  const textId = useId();
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
            onClick={() => save({ analytics: true, maps: true })}
          >
            {i18n._('consent.acceptAll')}
          </button>
          <button type="button" className="button" onClick={() => save({ analytics: false, maps: false })}>
            {i18n._('consent.necessaryOnly')}
          </button>
          <button type="button" className="button" aria-haspopup="dialog" onClick={openConsentSettings}>
            {i18n._('consent.customize')}
          </button>
        </div>
      </div>
    </section>
  );
}
