/**
 * The install offer: a small bar at the bottom of the window with "Install" and "Not now",
 * shown when ../install-policy.ts says so. Browsers that fire `beforeinstallprompt`
 * (Chromium) show their own dialog after "Install"; iOS Safari has no such event and
 * installs through "Add to Home Screen" with the meta tags in index.html.
 */
import { useId, useState, useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react';
import { installPromptEvent, pageViewCount, releaseInstallPrompt, subscribeInstallPrompt } from '../install-event';
import { DISMISSED_KEY, isRecentDismissal, readDismissedAt, shouldOfferInstall } from '../install-policy';
import { isStandalone } from '../display-mode';
import '@/ui/bottom-banner.css';
import './install-prompt.css';

function storedDismissal(): number | null {
  try {
    return readDismissedAt(window.localStorage.getItem(DISMISSED_KEY));
  } catch {
    return null;
  }
}

function rememberDismissal(): void {
  try {
    window.localStorage.setItem(DISMISSED_KEY, String(Date.now()));
  } catch {
    // Without storage the offer may come back on a later visit; nothing else breaks.
  }
}

/**
 * `consentAsking`: the consent banner is on screen, and has the bottom of the window first.
 * A prop the app follows (src/app/client-extras.tsx): read from the page at render, the
 * offer never came when the consent answer followed its render (pwa-install.spec.ts failed
 * so whenever the app's messages loaded before the click).
 */
export function InstallPrompt({ consentAsking }: { consentAsking: boolean }) {
  const { i18n } = useLingui();
  const headingId = useId();
  // Held from the page's first moment by ../install-event.ts (src/entry-client.tsx).
  const deferred = useSyncExternalStore(subscribeInstallPrompt, installPromptEvent, () => null);
  // Each page shown in this tab counts once, from the first (counted by the app shell).
  const pageViews = useSyncExternalStore(subscribeInstallPrompt, pageViewCount, () => 1);
  const [dismissedRecently, setDismissedRecently] = useState(() => isRecentDismissal(storedDismissal(), Date.now()));

  const offer =
    shouldOfferInstall({
      promptAvailable: deferred !== null,
      pageViews,
      dismissedRecently,
      standalone: isStandalone(),
    }) && !consentAsking;
  if (!offer || !deferred) return null;

  const install = async () => {
    releaseInstallPrompt();
    await deferred.prompt();
    const { outcome } = await deferred.userChoice;
    if (outcome === 'dismissed') {
      rememberDismissal();
      setDismissedRecently(true);
    }
  };
  const notNow = () => {
    rememberDismissal();
    setDismissedRecently(true);
  };

  return (
    <section className="bottom-banner install-prompt" aria-labelledby={headingId}>
      <div className="install-prompt__inner">
        <img className="install-prompt__icon" src="/icons/icon-192.png" alt="" width={48} height={48} />
        <div className="install-prompt__text">
          <h2 id={headingId} className="install-prompt__title">
            {i18n._('app.install.heading')}
          </h2>
          <p>{i18n._('app.install.text')}</p>
        </div>
        <div className="install-prompt__actions">
          <button type="button" className="button button--primary" onClick={() => void install()}>
            {i18n._('app.install.accept')}
          </button>
          <button type="button" className="button" onClick={notNow}>
            {i18n._('app.install.dismiss')}
          </button>
        </div>
      </div>
    </section>
  );
}
