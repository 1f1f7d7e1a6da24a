import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLingui } from '@lingui/react';
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
  const { i18n } = useLingui();
  const { name } = useSnapshot(modalStore);
  const { choice } = useSnapshot(consentStore);
  const open = name === CONSENT_MODAL;
  return (
    <Modal name={CONSENT_MODAL} title={i18n._('footer.cookieSettings')}>
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
  const { i18n } = useLingui();
  const save = useSaveConsent();
  const [analytics, setAnalytics] = useState(initialAnalytics);
  const [maps, setMaps] = useState(initialMaps);
  const necessaryHint = useId();
  const analyticsHint = useId();
  const mapsHint = useId();
  return (
    <div className="consent-settings">
      <p className="consent-settings__text">{i18n._('consent.text')}</p>
      <fieldset className="consent-settings__purposes">
        <legend>{i18n._('consent.purposes')}</legend>
        <div className="consent-purpose">
          <input type="checkbox" id={`${necessaryHint}-input`} checked disabled aria-describedby={necessaryHint} />
          <label htmlFor={`${necessaryHint}-input`}>{i18n._('consent.necessaryLabel')}</label>
          <p id={necessaryHint} className="consent-purpose__hint">
            {i18n._('consent.necessaryDescription')}
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
          <label htmlFor={`${analyticsHint}-input`}>{i18n._('consent.analyticsLabel')}</label>
          <p id={analyticsHint} className="consent-purpose__hint">
            {i18n._('consent.analyticsDescription')}
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
          <label htmlFor={`${mapsHint}-input`}>{i18n._('consent.mapsLabel')}</label>
          <p id={mapsHint} className="consent-purpose__hint">
            {i18n._('consent.mapsDescription')}
          </p>
        </div>
      </fieldset>
      <div className="consent-actions">
        <button type="button" className="button button--primary" onClick={() => save({ analytics, maps })}>
          {i18n._('consent.save')}
        </button>
        <button type="button" className="button" onClick={() => save({ analytics: true, maps: true })}>
          {i18n._('consent.acceptAll')}
        </button>
        <button type="button" className="button" onClick={() => save({ analytics: false, maps: false })}>
          {i18n._('consent.necessaryOnly')}
        </button>
      </div>
    </div>
  );
}
