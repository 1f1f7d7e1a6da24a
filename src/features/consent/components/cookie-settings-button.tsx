import { useLingui } from '@lingui/react';
// The consent styles come with the button: it is in every page's server-rendered HTML.
import './consent.css';

/**
 * The footer's cookie-settings trigger (spec §2): reopens the consent choice at any time.
 * The consent store loads with the click (the consent UI is its own chunk).
 */
const openSettings = () => void import('../consent-store').then(({ openConsentSettings }) => openConsentSettings());
export function CookieSettingsButton({ className }: { className?: string }) {
  const { i18n } = useLingui();
  return (
    <button
      type="button"
      className={className ? `${className} cookie-settings-button` : 'cookie-settings-button'}
      aria-haspopup="dialog"
      onClick={openSettings}
    >
      {i18n._('footer.cookieSettings')}
    </button>
  );
}
