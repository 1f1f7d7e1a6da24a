import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useT } from '@/i18n/use-t';
import { Modal } from '@/ui/modal';
import { modalStore } from '@/ui/modal-store';
import { CONSENT_MODAL, consentStore } from '../consent-store';
import { useSaveConsent } from '../use-consent-actions';

/**
 * The cookie-settings dialog (opened from the banner or the footer trigger): a native
 * modal <dialog> (src/ui/modal.tsx), so focus stays inside, Esc closes and focus goes back
 * to the button that opened it.
 */
export function ConsentSettings() {
  const t = useT();
  const { name } = useSnapshot(modalStore);
  const { choice } = useSnapshot(consentStore);
  const open = name === CONSENT_MODAL;
  return (
    <Modal name={CONSENT_MODAL} title={t('footer.cookieSettings')}>
      {/* A new form each time the dialog opens, starting from the stored choice. */}
      <ConsentForm
        key={open ? 'open' : 'closed'}
        initialAnalytics={choice?.analytics ?? false}
        initialMaps={choice?.maps ?? false}
      />
    </Modal>
  );
}

function ConsentForm({ initialAnalytics, initialMaps }: { initialAnalytics: boolean; initialMaps: boolean }) {
  const t = useT();
  const save = useSaveConsent();
  const [analytics, setAnalytics] = useState(initialAnalytics);
  const [maps, setMaps] = useState(initialMaps);
  const necessaryHint = useId();
  const analyticsHint = useId();
  const mapsHint = useId();
  return (
    <div className="consent-settings">
      <p className="consent-settings__text">{t('consent.text')}</p>
      <fieldset className="consent-settings__purposes">
        <legend>{t('consent.purposes')}</legend>
        <div className="consent-purpose">
          <input type="checkbox" id={`${necessaryHint}-input`} checked disabled aria-describedby={necessaryHint} />
          <label htmlFor={`${necessaryHint}-input`}>{t('consent.necessaryLabel')}</label>
          <p id={necessaryHint} className="consent-purpose__hint">
            {t('consent.necessaryDescription')}
          </p>
        </div>
        <div className="consent-purpose">
          <input
            type="checkbox"
            id={`${analyticsHint}-input`}
            name="analytics"
            checked={analytics}
            onChange={(event) => setAnalytics(event.currentTarget.checked)}
            aria-describedby={analyticsHint}
          />
          <label htmlFor={`${analyticsHint}-input`}>{t('consent.analyticsLabel')}</label>
          <p id={analyticsHint} className="consent-purpose__hint">
            {t('consent.analyticsDescription')}
          </p>
        </div>
        <div className="consent-purpose">
          <input
            type="checkbox"
            id={`${mapsHint}-input`}
            name="maps"
            checked={maps}
            onChange={(event) => setMaps(event.currentTarget.checked)}
            aria-describedby={mapsHint}
          />
          <label htmlFor={`${mapsHint}-input`}>{t('consent.mapsLabel')}</label>
          <p id={mapsHint} className="consent-purpose__hint">
            {t('consent.mapsDescription')}
          </p>
        </div>
      </fieldset>
      <div className="consent-actions">
        <button type="button" className="button button--primary" onClick={() => save({ analytics, maps })}>
          {t('consent.save')}
        </button>
        <button type="button" className="button" onClick={() => save({ analytics: true, maps: true })}>
          {t('consent.acceptAll')}
        </button>
        <button type="button" className="button" onClick={() => save({ analytics: false, maps: false })}>
          {t('consent.necessaryOnly')}
        </button>
      </div>
    </div>
  );
}
