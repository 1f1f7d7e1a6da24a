/** Data access for the per-locale layout (navigation, logo, footer). */
import { layoutSchema, type Layout } from '#shared/content-schema';
import type { Locale } from '#shared/locales';
import type { Db } from '../db';

export function createLayoutsRepository(db: Db) {
  return {
    async find(locale: Locale): Promise<Layout | undefined> {
      const row = await db.selectFrom('layouts').select('layout_json').where('locale', '=', locale).executeTakeFirst();
      return row ? layoutSchema.parse(JSON.parse(row.layout_json)) : undefined;
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
