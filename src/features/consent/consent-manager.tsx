/**
 * Consent for the whole site: reads the stored choice once the page is hydrated, shows
 * the first-visit banner until the visitor chooses, holds the settings dialog, and loads
 * the locale's tag manager only when analytics are allowed.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { ConsentBanner } from './consent-banner';
import { ConsentSettings } from './consent-settings';
import { consentStore, loadConsent } from './consent-store';
import { isTagManagerLoaded, loadTagManager } from './tag-manager-loader';
import './consent.css';

export function ConsentManager({ tagManagerId }: { tagManagerId: string | undefined }) {
  const { ready, choice } = useSnapshot(consentStore);
  const analytics = choice?.analytics ?? false;

  // The choice lives in a cookie the server-rendered HTML knows nothing about (the same
  // HTML is cached for every visitor), so it is read only after hydration.
  useEffect(() => {
    if (!consentStore.ready) loadConsent(document.cookie);
  }, []);

  useEffect(() => {
    if (!ready || !choice) return;
    if (analytics) {
      loadTagManager(tagManagerId);
    } else if (isTagManagerLoaded()) {
      // A loaded tag manager cannot be unloaded: withdrawing consent reloads the page,
      // which then runs without it.
      window.location.reload();
    }
  }, [ready, choice, analytics, tagManagerId]);

  return (
    <>
      {ready && !choice ? <ConsentBanner /> : null}
      <ConsentSettings />
    </>
  );
}
