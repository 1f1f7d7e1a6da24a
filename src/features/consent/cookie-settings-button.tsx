import { useT } from '../../i18n/use-t';
import { openConsentSettings } from './consent-store';

/** The footer's cookie-settings trigger (spec §2): reopens the consent choice at any time. */
export function CookieSettingsButton({ className }: { className?: string }) {
  const t = useT();
  return (
    <button
      type="button"
      className={className ? `${className} cookie-settings-button` : 'cookie-settings-button'}
      aria-haspopup="dialog"
      onClick={openConsentSettings}
    >
      {t('footer.cookieSettings')}
    </button>
  );
}
