import { useCallback } from 'react';
import { analyticsConsent, setAnalyticsConsent } from '@/ui/analytics-gate';
import { closeModal } from '@/ui/modal-store';
import type { ConsentChoice } from './consent-cookie';
import { saveConsent } from './consent-store';

/** Stores a choice in the document's cookie and the consent state. */
export function storeConsent(choice: ConsentChoice): void {
  // The server-rendered banner can be answered before the stored choice has been read:
  // events held until then happened without consent, and a choice made now must not send them.
  if (analyticsConsent() === 'unknown') setAnalyticsConsent(false);
  saveConsent(
    choice,
    (cookie) => {
      document.cookie = cookie;
    },
    { secure: window.location.protocol === 'https:' },
  );
}

/** Saves a choice from the banner or the settings dialog, and closes the dialog. */
export function useSaveConsent(): (choice: ConsentChoice) => void {
  return useCallback((choice: ConsentChoice) => {
    storeConsent(choice);
    closeModal();
  }, []);
}
