/**
 * Holds Chromium's `beforeinstallprompt` event from the first moment of the page: it
 * fires once, possibly before the install offer (loaded after hydration) exists. Tiny on
 * purpose: it is part of the landing page's script (src/entry-client.tsx).
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let held: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away: the offer comes at the app's moment.
    event.preventDefault();
    held = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    held = null;
    notify();
  });
}

/** The held event (null when the browser has not offered installation, or it was used). */
export function installPromptEvent(): BeforeInstallPromptEvent | null {
  return held;
}

/** Forgets the event: it can be used once. */
export function releaseInstallPrompt(): void {
  held = null;
  notify();
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
