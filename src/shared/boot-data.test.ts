import { describe, expect, it } from 'vitest';
import { serializeBootData, type BootData } from './boot-data';
import { jsonForScript } from './head';
import type { PagePayload } from './payload';

function bootData(layout: unknown, extra: Partial<BootData> = {}): BootData {
  const payload = {
    locale: 'fi-FI',
    buildId: 'b1',
    preview: false,
    layout,
    page: { content: { title: 'Etusivu </script><!-- \u2028' } },
    error: null,
    head: { title: 'x' },
  } as unknown as PagePayload;
  return { basename: '/fi', payload, ...extra };
}

describe('serializeBootData', () => {
  it('gives the same value as the whole payload written at once, safe inside <script>', () => {
    const layout = { navigation: [{ text: 'A </script> <!-- \u2029' }], footerLinks: [] };
    for (const data of [
      bootData(layout),
      bootData(null),
      bootData(layout, { publicConfig: { googleMapsApiKey: 'k</script>' } }),
      bootData(layout, { renderedAt: 1795829315484 }),
      bootData(layout, { publicConfig: {}, renderedAt: 0 }),
    ]) {
      const text = serializeBootData(data);
      expect(JSON.parse(text)).toEqual(JSON.parse(jsonForScript(data)));
      expect(text).not.toMatch(/<\/script|<!--|\u2028|\u2029/);
    }
  });

  it('writes each layout object once and a new layout object anew', () => {
    const first = { navigation: [{ text: 'Asemahaku' }] };
    expect(JSON.parse(serializeBootData(bootData(first))).payload.layout).toEqual(first);
    // A layout is never changed in place (a new version is a new object): the cached text stands.
    const second = { navigation: [{ text: 'Asemat' }] };
    expect(JSON.parse(serializeBootData(bootData(second))).payload.layout).toEqual(second);
    expect(JSON.parse(serializeBootData(bootData(first))).payload.layout).toEqual(first);
  });
});
