import { useCallback } from 'react';
import { closeModal } from '@/ui/modal-store';
import type { ConsentChoice } from './consent-cookie';
import { saveConsent } from './consent-store';

/** Stores a choice in the document's cookie and the consent state. */
export function storeConsent(choice: ConsentChoice): void {
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
