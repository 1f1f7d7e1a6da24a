/**
 * The cart of a server render: its empty state is what the server's HTML shows (the saved
 * cart is read in the browser after hydration). It is never started on the server, so
 * whatever would touch the network or the storage says so instead of pretending.
 *
 * One per locale for the server's lifetime: a server render only reads the cart (nothing
 * starts it, and effects do not run on the server), so every render can share it; building
 * its store per render was about 4% of a page's server time.
 */
import type { Locale } from '#shared/locales';
import { readyCartSource, type CartSource } from './cart-context';
import { createCart } from './cart-store';

const browserOnly = (what: string) => () => {
  throw new Error(`The cart's ${what} is in the browser only: the server renders the empty cart`);
};

const sources = new Map<Locale, CartSource>();

export function serverCartSource(locale: Locale): CartSource {
  let source = sources.get(locale);
  if (!source) {
    source = emptyCartSource(locale);
    sources.set(locale, source);
  }
  return source;
}

function emptyCartSource(locale: Locale): CartSource {
  return readyCartSource(
    createCart({
      api: { validateCart: browserOnly('API') },
      storage: {
        read: browserOnly('storage'),
        write: browserOnly('storage'),
        onOtherTabSave: browserOnly('storage'),
        close: () => {},
      },
      session: { customerEmail: () => undefined, known: browserOnly('session') },
      locale,
      online: () => false,
    }),
  );
}
