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
/** The pages shown in this document so far (the offer comes on the second). */
let views = { path: '', count: 0 };
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

/**
 * Counts a page shown in this document (the app shell calls it from the first page on).
 * Counted here, not in the offer: the offer loads with the client extras, at the
 * visitor's first press or an idle moment, and a press that opened the second page
 * before they loaded left the offer counting that page as the first (a visitor on a busy
 * phone never saw it; pwa-install.spec.ts failed so under load).
 */
export function notePageView(path: string): void {
  if (path === views.path) return;
  views = { path, count: views.count + 1 };
  notify();
}

/** How many pages this document has shown (at least 1 once the first is counted). */
export function pageViewCount(): number {
  return views.count;
}
