import { SAVED_COPY_NOTICE_CLASS } from '#shared/service-worker-protocol';

/**
 * Takes away the notice the service worker put above a saved copy of a page that must be
 * fresh (sw/saved-copy-notice.ts): what it warned about has now been checked with the
 * server (the cart, src/features/shop/components/cart-block.tsx).
 */
export function dismissSavedCopyNotice(): void {
  for (const notice of document.querySelectorAll(`.${SAVED_COPY_NOTICE_CLASS}`)) notice.remove();
}
