/**
 * The PWA feature's browser-only part, mounted after hydration with the other client
 * extras (src/app/client-extras.tsx), so none of it is in the landing page's script:
 * the service worker registration and update policy, the build check, payload prefetch
 * and the install offer (with the `app` message catalog it needs).
 */
import { useEffect, useState } from 'react';
import { useSite } from '../../../app/site-context';
import { loadFeatureMessages } from '../../../i18n/catalogs';
import { startBuildCheck } from '../build-check';
import { startPrefetching } from '../prefetch';
import { startServiceWorker } from '../sw-bridge';
import { InstallPrompt } from './install-prompt';

// Once per document, whatever React does with the component (StrictMode runs effects twice).
let started = false;

export default function PwaExtras() {
  const { locale, basename } = useSite();
  const [messagesReady, setMessagesReady] = useState(false);

  useEffect(() => {
    if (started) return;
    started = true;
    void startServiceWorker({ locale, basename });
    startBuildCheck(__BUILD_ID__);
    // Preview payloads are private and never cached: nothing to gain from prefetching.
    if (!basename.startsWith('/preview')) startPrefetching(basename);
  }, [locale, basename]);

  useEffect(() => {
    loadFeatureMessages('app').then(
      () => setMessagesReady(true),
      (error: unknown) => console.warn('The app messages could not be loaded', error),
    );
  }, []);

  return messagesReady ? <InstallPrompt /> : null;
}
