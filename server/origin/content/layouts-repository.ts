/** Data access for the per-locale layout (navigation, logo, footer). */
import { createHash } from 'node:crypto';
import { layoutSchema, type Layout } from '#shared/content-schema';
import type { Locale } from '#shared/locales';
import type { ContentDb } from './content-tables';
import { preparedQuery } from './prepared-query';

/** A layout and its version: a hash of the stored layout, so that any change gives a new one. */
interface VersionedLayout {
  version: string;
  layout: Layout;
}

export function createLayoutsRepository(db: ContentDb) {
  const storedLayout = preparedQuery(db, 1, (locale) =>
    db.selectFrom('layouts').select('layout_json').where('locale', '=', locale as Locale),
  );
  /**
   * The last layout read per locale, with the stored text it came from: while the text is
   * the same, it is neither parsed nor checked again (a layout is read on every page render).
   */
  const checked = new Map<string, { json: string; versioned: VersionedLayout }>();

  async function current(locale: Locale): Promise<VersionedLayout | undefined> {
    const [row] = await storedLayout(locale);
    if (!row) return undefined;
    const known = checked.get(locale);
    if (known?.json === row.layout_json) return known.versioned;
    const versioned = {
      version: createHash('sha256').update(row.layout_json).digest('base64url').slice(0, 22),
      layout: layoutSchema.parse(JSON.parse(row.layout_json)),
    };
    checked.set(locale, { json: row.layout_json, versioned });
    return versioned;
  }

  return {
    current,
    async find(locale: Locale): Promise<Layout | undefined> {
      return (await current(locale))?.layout;
    },
    async upsert(locale: Locale, layout: Layout, now = new Date().toISOString()): Promise<void> {
      const layoutJson = JSON.stringify(layoutSchema.parse(layout));
      await db
        .insertInto('layouts')
        .values({ locale, layout_json: layoutJson, updated_at: now })
        .onConflict((conflict) => conflict.column('locale').doUpdateSet({ layout_json: layoutJson, updated_at: now }))
        .execute();
    },
  };
}

export type LayoutsRepository = ReturnType<typeof createLayoutsRepository>;
