import { describe, expect, it } from 'vitest';
import type { Layout, Page, PageView } from '#shared/content-schema';
import type { Locale } from '#shared/locales';
import type { OriginClient } from './origin-client';
import { ApiError } from '#shared/api/errors';
import { createPayloadService } from './payload-service';
import { createSiteUrls } from './site-urls';

const urls = createSiteUrls(
  {
    port: 3000,
    publicUrl: 'https://st1.example',
    localeDomains: new Map(),
    domainOfLocale: new Map(),
    siteHosts: new Set(),
  },
  { protocol: 'https', hostname: 'st1.example', host: 'st1.example' },
);
const layoutOf = (name: string): Layout =>
  ({
    navigation: [],
    icons: [],
    footerLinks: [],
    downloadLinks: [],
    someLinks: [{ name, url: `https://some.example/${name}` }],
  }) as unknown as Layout;
const page: Page = {
  localizedPagePaths: { 'fi-FI': '/yrityksille' },
  content: { slug: 'yrityksille', title: 'Yrityksille', description: '', contentType: 'standardPage', body: [] },
} as unknown as Page;

/** An origin whose `view` answers as the real one does: the layout only for an outdated version. */
function fakeOrigin(state: { layout: Layout; version: string; fail?: boolean; pages: Record<string, Page> }) {
  const asked: Array<{ path: string | null; layoutVersion: string | undefined }> = [];
  const origin = {
    async view(
      _locale: Locale,
      path: string | null,
      _preview: boolean,
      layoutVersion: string | undefined,
    ): Promise<PageView> {
      asked.push({ path, layoutVersion });
      if (state.fail) throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'away');
      return {
        layout:
          layoutVersion === state.version
            ? { version: state.version }
            : { version: state.version, value: state.layout },
        page: path === null ? null : (state.pages[path] ?? null),
      };
    },
  } as unknown as OriginClient;
  return { origin, asked };
}

const request = (localPath: string) => ({
  locale: 'fi-FI' as const,
  preview: false,
  localPath,
  displayPath: localPath,
  urls,
});

describe('payload service: one origin request per page, the layout kept by version', () => {
  it('keeps the layout, sends its version, and takes a new layout when the version changes', async () => {
    const state = { layout: layoutOf('a'), version: 'v1', pages: { '/yrityksille': page } };
    const { origin, asked } = fakeOrigin(state);
    const service = createPayloadService({ origin, buildId: 'b', translate: (_locale, id) => id });
    const first = await service.build(request('/yrityksille'));
    expect(first.status).toBe(200);
    expect(first.payload.layout).toEqual(layoutOf('a'));
    const second = await service.build(request('/yrityksille'));
    expect(second.payload.layout).toEqual(layoutOf('a'));
    expect(asked).toEqual([
      { path: '/yrityksille', layoutVersion: undefined },
      { path: '/yrityksille', layoutVersion: 'v1' },
    ]);
    state.layout = layoutOf('b');
    state.version = 'v2';
    expect((await service.build(request('/yrityksille'))).payload.layout).toEqual(layoutOf('b'));
    expect(asked).toHaveLength(3);
  });

  it('answers 404 in the layout for an unknown page and for a path the rules refuse (asking for the layout only)', async () => {
    const { origin, asked } = fakeOrigin({ layout: layoutOf('a'), version: 'v1', pages: {} });
    const service = createPayloadService({ origin, buildId: 'b', translate: (_locale, id) => id });
    const unknown = await service.build(request('/ei-ole'));
    expect(unknown.status).toBe(404);
    expect(unknown.payload.error?.reason).toBe('unknownRoute');
    expect(unknown.payload.layout).toEqual(layoutOf('a'));
    const refused = await service.build(request('/a//b'));
    expect(refused.status).toBe(404);
    expect(refused.payload.error?.reason).toBe('validation');
    expect(asked.at(-1)).toEqual({ path: null, layoutVersion: 'v1' });
  });

  it('answers 500 when the origin fails, in the last layout it knows', async () => {
    const state = { layout: layoutOf('a'), version: 'v1', fail: true, pages: { '/yrityksille': page } };
    const { origin } = fakeOrigin(state);
    const service = createPayloadService({ origin, buildId: 'b', translate: (_locale, id) => id });
    const cold = await service.build(request('/yrityksille'));
    expect(cold.status).toBe(500);
    expect(cold.payload.layout).toBeNull();
    state.fail = false;
    await service.build(request('/yrityksille'));
    state.fail = true;
    const warm = await service.build(request('/yrityksille'));
    expect(warm.status).toBe(500);
    expect(warm.payload.layout).toEqual(layoutOf('a'));
  });
});
