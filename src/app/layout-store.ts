/**
 * The layout (navigation, footer, logo, customer-service number) per locale on the device
 * (DESIGN §4 "layout"), so that a page the browser puts together offline — a station
 * page from stored data, the offline notice — shows the normal header and footer in its
 * language. Every page view online stores the layout it came with, which keeps it fresh.
 * Loaded on demand (after hydration, or offline): Dexie stays off the landing page.
 */
import Dexie, { type Table } from 'dexie';
import type { Layout } from '#shared/content-schema';
import type { Locale } from '#shared/locales';

export interface StoredLayout {
  locale: Locale;
  layout: Layout;
  savedAt: number;
}

export class LayoutDatabase extends Dexie {
  layouts!: Table<StoredLayout, Locale>;
  constructor(name = 'st1-layout') {
    super(name);
    this.version(1).stores({ layouts: 'locale' });
  }
}

let database: LayoutDatabase | undefined;
function layoutDb(): LayoutDatabase {
  database ??= new LayoutDatabase();
  return database;
}

/** For tests: use another database (fake-indexeddb). */
export function setLayoutDb(db: LayoutDatabase): void {
  database = db;
}

/** Stores a locale's layout; an unchanged one is not written again (live readers stay quiet). */
export async function saveLayout(locale: Locale, layout: Layout, now = Date.now()): Promise<void> {
  const db = layoutDb();
  await db.transaction('rw', db.layouts, async () => {
    const stored = await db.layouts.get(locale);
    if (stored && JSON.stringify(stored.layout) === JSON.stringify(layout)) return;
    await db.layouts.put({ locale, layout, savedAt: now });
  });
}

export async function readLayout(locale: Locale): Promise<Layout | null> {
  return (await layoutDb().layouts.get(locale))?.layout ?? null;
}
