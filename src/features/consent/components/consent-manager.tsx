/**
 * Consent for the whole site: reads the stored choice once the page is hydrated (which
 * tells the server-rendered first-visit banner, consent-banner.tsx, whether to stay), opens the settings dialog when asked,
 * loads the locale's tag manager only when analytics are allowed, and tells the analytics
 * gate (src/ui/analytics-gate.ts), through which every feature's events pass, and the maps
 * gate (src/ui/maps-consent.ts), which the station map reads, what the visitor chose.
 *
 * The dialog and the tag-manager loader are loaded on demand (they are never part of the
 * server-rendered page), which keeps them out of the landing-page budget.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { setAnalyticsConsent } from '@/ui/analytics-gate';
import { handleMapsConsentRequests, setMapsConsent } from '@/ui/maps-consent';
import { modalStore } from '@/ui/modal-store';
import { CONSENT_MODAL, consentStore, loadConsent } from '../consent-store';
import { storeConsent } from '../use-consent-actions';
import './consent.css';

const ConsentSettings = lazy(() => import('./consent-ui').then((module) => ({ default: module.ConsentSettings })));

/** Whether this document has started the tag manager (a script cannot be unloaded). */
let tagManagerStarted = false;

export function ConsentManager({ tagManagerId }: { tagManagerId: string | undefined }) {
  const { ready, choice } = useSnapshot(consentStore);
  const { name: modalName } = useSnapshot(modalStore);
  const analytics = choice?.analytics ?? false;
  const maps = choice?.maps ?? false;

  // Once opened, the dialog stays mounted: closing it must go through dialog.close() so
  // that the browser returns focus to the button that opened it.
  const [settingsMounted, setSettingsMounted] = useState(false);
  if (modalName === CONSENT_MODAL && !settingsMounted) setSettingsMounted(true);

  // The choice lives in a cookie the server-rendered HTML knows nothing about (the same
  // HTML is cached for every visitor), so it is read only after hydration.
  useEffect(() => {
    if (!consentStore.ready) loadConsent(document.cookie);
  }, []);

  // Google Maps (no Maps script without consent): the stations feature reads this before loading the Maps
  // script, and its "Allow Google Maps" button stores a yes through the request handler,
  // keeping the visitor's analytics answer (no answer yet counts as no).
  useEffect(() => {
    if (ready) setMapsConsent(maps);
  }, [ready, maps]);
  useEffect(
    () =>
      handleMapsConsentRequests(() => storeConsent({ analytics: consentStore.choice?.analytics ?? false, maps: true })),
    [],
  );

  useEffect(() => {
    if (!ready) return;
    if (choice && analytics) {
      void import('../tag-manager-loader').then(({ loadTagManager }) => {
        // The choice may have changed while the loader was on its way.
        if (!consentStore.choice?.analytics) return;
        const result = loadTagManager(tagManagerId);
        if (result === 'loaded' || result === 'already-loaded') tagManagerStarted = true;
        // Opened after the loader has put Google's consent defaults first in the data layer.
        setAnalyticsConsent(true);
      });
      return;
    }
    // No choice yet (the banner shows) or analytics refused or withdrawn: events stop here
    // at once, and nothing from this time is sent after a later "accept".
    setAnalyticsConsent(false);
    // Withdrawing consent reloads the page, which then runs without the tag manager.
    if (tagManagerStarted) window.location.reload();
  }, [ready, choice, analytics, tagManagerId]);

  return <Suspense fallback={null}>{settingsMounted ? <ConsentSettings /> : null}</Suspense>;
}
