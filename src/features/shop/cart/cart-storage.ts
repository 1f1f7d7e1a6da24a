/**
 * The cart in IndexedDB through Dexie (DESIGN §4 "cart"), plus a one-line summary in
 * localStorage (spec §9 "one key for the cart") that the always-loaded header reads for
 * its count without loading Dexie. Other tabs see every save through a Dexie live query
 * (Dexie carries each write to the other tabs' queries itself): no channel of our own.
 */
import Dexie, { liveQuery, type Table } from 'dexie';
import type { StoredCart } from './cart-types';
import { sanitizeItems } from './cart-items';
import { publishCartCount } from './cart-count';

const RECORD_KEY = 'current';
/** Which tab wrote a save: a tab's live query skips its own writes. */
const TAB_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

class CartDatabase extends Dexie {
  cart!: Table<StoredCart, string>;
  constructor() {
    super('st1-cart');
    this.version(1).stores({ cart: '' });
  }
}

const STATUSES = new Set(['valid', 'validating', 'outOfDate']);

/**
 * The saved cart. `live` is for another tab's fresh save: a check that tab has under way
 * stays 'validating' (its next save brings the answer); on a page load it counts as out of
 * date, since the page that started it is gone.
 */
async function readStoredCart(db: () => CartDatabase, options: { live?: boolean } = {}): Promise<StoredCart | null> {
  const record = (await db().cart.get(RECORD_KEY)) as Partial<StoredCart> | undefined;
  if (!record || typeof record !== 'object') return null;
  return {
    items: sanitizeItems(record.items),
    discountCode: typeof record.discountCode === 'string' ? record.discountCode : null,
    totals: record.totals && typeof record.totals === 'object' ? record.totals : null,
    status:
      record.status && STATUSES.has(record.status) && (options.live || record.status !== 'validating')
        ? record.status
        : 'outOfDate',
    savedAt: typeof record.savedAt === 'number' ? record.savedAt : 0,
  };
}

/**
 * Saves the cart. `publishCount: false` leaves the header's count as it was: an add is
 * saved before the server has taken it, and the count follows only its answer.
 */
async function writeStoredCart(
  db: () => CartDatabase,
  cart: StoredCart,
  options: { publishCount?: boolean } = {},
): Promise<void> {
  // Plain data: valtio proxies cannot be structured-cloned into IndexedDB.
  const plain = JSON.parse(JSON.stringify(cart)) as StoredCart;
  await db().cart.put({ ...plain, writer: TAB_ID }, RECORD_KEY);
  if (options.publishCount ?? true) publishCartCount(plain.items.reduce((sum, item) => sum + item.amount, 0));
}

/**
 * Calls `listener` when another tab has saved the cart: a live query of the saved record,
 * whose first answer (the cart as it was when listening began) and this tab's own saves
 * are passed over.
 */
function onOtherTabSave(db: () => CartDatabase, listener: () => void): () => void {
  let first = true;
  const subscription = liveQuery(() => db().cart.get(RECORD_KEY)).subscribe({
    next: (record) => {
      if (first) {
        first = false;
        return;
      }
      if ((record as { writer?: unknown } | undefined)?.writer !== TAB_ID) listener();
    },
    // Storage gone (private mode, blocked): this tab keeps its own cart.
    error: (error: unknown) => console.warn('Watching the saved cart failed', error),
  });
  return () => subscription.unsubscribe();
}

/** The saved cart as the cart store uses it (cart-store.ts). */
export interface CartStorage {
  read(options?: { live?: boolean }): Promise<StoredCart | null>;
  write(cart: StoredCart, options?: { publishCount?: boolean }): Promise<void>;
  onOtherTabSave(listener: () => void): () => void;
  /** Closes the database connection (opened on first use). */
  close(): void;
}

/** The cart's storage in this browser's IndexedDB; the connection opens on first use. */
export function createCartStorage(): CartStorage {
  let database: CartDatabase | undefined;
  const db = () => (database ??= new CartDatabase());
  return {
    read: (options) => readStoredCart(db, options),
    write: (cart, options) => writeStoredCart(db, cart, options),
    onOtherTabSave: (listener) => onOtherTabSave(db, listener),
    close: () => {
      database?.close();
      database = undefined;
    },
  };
}
