/**
 * Whether the first-visit banner is wanted in this document. The banner is part of the
 * server-rendered page (so that it paints with the page instead of arriving after
 * hydration as the page's largest late element), and the same HTML serves every visitor,
 * so the server render always includes it. In the browser the answer comes from the
 * consent cookie at once after hydration, and from the consent store once that has read or
 * stored a choice. A plain subscription rather than valtio: this module is part of every
 * page's entry script, which valtio is kept out of (docs/performance.md).
 */
import { parseConsentCookie } from './consent-cookie';

type Listener = () => void;
const listeners = new Set<Listener>();
/** null until the store has spoken; then whether the visitor has chosen. */
let chosenInStore: boolean | null = null;
/** The cookie as read once, before the store has spoken. */
let chosenInCookie: boolean | null = null;

export function subscribeBannerWanted(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The browser's answer: no choice stored yet, so the banner asks. */
export function bannerWanted(): boolean {
  if (chosenInStore !== null) return !chosenInStore;
  chosenInCookie ??= parseConsentCookie(document.cookie) !== null;
  return !chosenInCookie;
}

/** The server's (and hydration's) answer: the banner is in the HTML for everyone. */
export function bannerWantedOnServer(): boolean {
  return true;
}

/** Called by the consent store whenever it reads or stores a choice. */
export function setChoiceKnown(chosen: boolean): void {
  if (chosenInStore === chosen) return;
  chosenInStore = chosen;
  for (const listener of listeners) listener();
}
