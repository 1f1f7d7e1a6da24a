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

/** Whether this tab made the save in `record` (the raw stored record, any shape). */
function writtenByThisTab(record: { writer?: unknown } | undefined): boolean {
  return record?.writer === TAB_ID;
}

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
async function readStoredCart(db: () => CartDatabase, options: { live?: boolean } = {}): Promise<SavedCart | null> {
  const record = (await db().cart.get(RECORD_KEY)) as (Partial<StoredCart> & { writer?: unknown }) | undefined;
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
    writtenHere: writtenByThisTab(record),
  };
}

/** The saved cart, and whether this tab made that save. */
type SavedCart = StoredCart & { writtenHere: boolean };

/** How a save is made: see `writeStoredCart`. */
interface WriteOptions {
  publishCount?: boolean;
  /**
   * Set for a save that only carries a check's outcome (the server's answer, or "no
   * answer"): it is not made when another tab has saved the cart after this `savedAt`, the
   * newest save of another tab that this tab has taken. Made anyway, it would put back the
   * cart as it was when the check began over that tab's newer change (an add in the other
   * tab while this one checked the cart on load was lost from both).
   */
  unlessOtherTabSavedAfter?: number;
}

/**
 * Saves the cart; false when `unlessOtherTabSavedAfter` held it back. `publishCount: false`
 * leaves the header's count as it was: an add is saved before the server has taken it, and
 * the count follows only its answer.
 */
async function writeStoredCart(db: () => CartDatabase, cart: StoredCart, options: WriteOptions = {}): Promise<boolean> {
  // Plain data: valtio proxies cannot be structured-cloned into IndexedDB.
  const plain = JSON.parse(JSON.stringify(cart)) as StoredCart;
  const { unlessOtherTabSavedAfter: seen } = options;
  const database = db();
  // One read-write transaction: no other tab's save can come between the look and the write.
  const written = await database.transaction('rw', database.cart, async () => {
    if (seen !== undefined) {
      const current = (await database.cart.get(RECORD_KEY)) as { writer?: unknown; savedAt?: unknown } | undefined;
      if (current && !writtenByThisTab(current) && typeof current.savedAt === 'number' && current.savedAt > seen)
        return false;
    }
    await database.cart.put({ ...plain, writer: TAB_ID }, RECORD_KEY);
    return true;
  });
  if (written && (options.publishCount ?? true))
    publishCartCount(plain.items.reduce((sum, item) => sum + item.amount, 0));
  return written;
}

/**
 * Calls `listener` with the `savedAt` of the saved cart whenever another tab may have saved
 * it: a live query of the saved record, passing over this tab's own saves. Its first answer
 * is the record as it is when listening begins, which is the one this tab read, unless
 * another tab saved in between (an add in a tab pressed while this one was starting): the
 * caller tells the two apart by `savedAt`.
 */
function onOtherTabSave(db: () => CartDatabase, listener: (savedAt: number) => void): () => void {
  const subscription = liveQuery(() => db().cart.get(RECORD_KEY)).subscribe({
    next: (record) => {
      const saved = record as { writer?: unknown; savedAt?: unknown } | undefined;
      if (writtenByThisTab(saved)) return;
      listener(typeof saved?.savedAt === 'number' ? saved.savedAt : 0);
    },
    // Storage gone (private mode, blocked): this tab keeps its own cart.
    error: (error: unknown) => console.warn('Watching the saved cart failed', error),
  });
  return () => subscription.unsubscribe();
}

/** The saved cart as the cart store uses it (cart-store.ts). */
export interface CartStorage {
  read(options?: { live?: boolean }): Promise<SavedCart | null>;
  write(cart: StoredCart, options?: WriteOptions): Promise<boolean>;
  onOtherTabSave(listener: (savedAt: number) => void): () => void;
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
