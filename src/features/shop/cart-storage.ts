/**
 * The cart in IndexedDB through Dexie (DESIGN §4 "cart"), plus a one-line summary in
 * localStorage (spec §9 "one key for the cart") that the always-loaded header reads for
 * its count without loading Dexie. Other tabs hear of every save on a BroadcastChannel.
 */
import Dexie, { type Table } from 'dexie';
import type { StoredCart } from './cart-types';
import { sanitizeItems } from './cart-items';
import { publishCartCount } from './cart-count';

const RECORD_KEY = 'current';
const CHANNEL = 'st1-cart';

class CartDatabase extends Dexie {
  cart!: Table<StoredCart, string>;
  constructor() {
    super('st1-cart');
    this.version(1).stores({ cart: '' });
  }
}

let database: CartDatabase | undefined;
function db(): CartDatabase {
  database ??= new CartDatabase();
  return database;
}

const STATUSES = new Set(['valid', 'validating', 'outOfDate']);

/**
 * The saved cart. `live` is for another tab's fresh save: a check that tab has under way
 * stays 'validating' (its next save brings the answer); on a page load it counts as out of
 * date, since the page that started it is gone.
 */
export async function readStoredCart(options: { live?: boolean } = {}): Promise<StoredCart | null> {
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

let channel: BroadcastChannel | null | undefined;
function broadcast(): BroadcastChannel | null {
  if (channel === undefined) channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  return channel;
}

/**
 * Saves the cart. `publishCount: false` leaves the header's count as it was: an add is
 * saved before the server has taken it, and the count follows only its answer.
 */
export async function writeStoredCart(cart: StoredCart, options: { publishCount?: boolean } = {}): Promise<void> {
  // Plain data: valtio proxies cannot be structured-cloned into IndexedDB.
  const plain = JSON.parse(JSON.stringify(cart)) as StoredCart;
  await db().cart.put(plain, RECORD_KEY);
  if (options.publishCount ?? true) publishCartCount(plain.items.reduce((sum, item) => sum + item.amount, 0));
  broadcast()?.postMessage({ type: 'cart-saved', savedAt: plain.savedAt });
}

/** Calls `listener` when another tab has saved the cart. */
export function onOtherTabSave(listener: () => void): () => void {
  const bus = broadcast();
  if (!bus) return () => {};
  const handler = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === 'cart-saved') listener();
  };
  bus.addEventListener('message', handler);
  return () => bus.removeEventListener('message', handler);
}

/** For tests: a fresh database connection. */
export async function closeCartDatabaseForTests(): Promise<void> {
  database?.close();
  database = undefined;
}
