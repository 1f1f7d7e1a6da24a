import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Layout } from '#shared/content-schema';
import { LayoutDatabase, readLayout, saveLayout, setLayoutDb } from './layout-store';

const layout = (phone: string) => ({ customerServicePhone: phone }) as unknown as Layout;

describe('the layout stored per locale', () => {
  it('keeps the newest layout of each locale, and does not write an unchanged one again', async () => {
    const db = new LayoutDatabase(`layout-${Math.random()}`);
    setLayoutDb(db);
    expect(await readLayout('sv-SE')).toBeNull();
    await saveLayout('sv-SE', layout('+46 1'), 1);
    await saveLayout('fi-FI', layout('+358 1'), 2);
    expect(await readLayout('sv-SE')).toEqual(layout('+46 1'));
    await saveLayout('sv-SE', layout('+46 1'), 3);
    expect((await db.layouts.get('sv-SE'))?.savedAt).toBe(1);
    await saveLayout('sv-SE', layout('+46 2'), 4);
    expect(await db.layouts.get('sv-SE')).toMatchObject({ layout: layout('+46 2'), savedAt: 4 });
    expect(await readLayout('fi-FI')).toEqual(layout('+358 1'));
  });
});
