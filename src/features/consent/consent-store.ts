/**
 * The consent state of this document: whether the stored choice has been read (only the
 * browser can, after hydration) and what it is. Components read it with valtio's
 * useSnapshot; only the functions below change it.
 */
import { proxy } from 'valtio';
import { openModal } from '@/ui/modal-store';
import { setChoiceKnown } from './consent-banner-state';
import { parseConsentCookie, serializeConsentCookie, type ConsentChoice } from './consent-cookie';

export interface ConsentState {
  /** False on the server and until the browser has read the cookie: nothing consent-related shows. */
  ready: boolean;
  /** null until the visitor chooses (the first-visit banner shows meanwhile). */
  choice: ConsentChoice | null;
}

export const consentStore = proxy<ConsentState>({ ready: false, choice: null });

/** The name of the settings dialog in the modal store (spec §4 Modal). */
export const CONSENT_MODAL = 'consent';

/** Reads the stored choice, e.g. from document.cookie. */
export function loadConsent(cookies: string): void {
  consentStore.choice = parseConsentCookie(cookies);
  consentStore.ready = true;
  setChoiceKnown(consentStore.choice !== null);
}

/** Stores the visitor's choice; `writeCookie` receives a document.cookie assignment. */
export function saveConsent(
  choice: ConsentChoice,
  writeCookie: (cookie: string) => void,
  { secure }: { secure: boolean },
): void {
  writeCookie(serializeConsentCookie(choice, { secure }));
  consentStore.choice = { ...choice };
  consentStore.ready = true;
  setChoiceKnown(true);
}

/**
 * Opens the settings dialog (the footer's cookie-settings trigger). A stray click on the
 * backdrop does not throw away choices being made; Esc and the close button still close it.
 */
export function openConsentSettings(): void {
  openModal(CONSENT_MODAL, { closeOnBackdrop: false });
}
