import { describe, expect, it } from 'vitest';
import {
  connectionAllowsPrefetch,
  createPrefetchMemory,
  createQueue,
  LIGHT_PREFETCH_LIMIT,
  payloadToPrefetch,
  prefetchLimits,
} from './prefetch';
import { MAX_CONCURRENT_PREFETCHES } from '#shared/rules/limits';

describe('connectionAllowsPrefetch (spec §4)', () => {
  it('refuses Save-Data, slow-2g and 2g; allows the rest and browsers without the API', () => {
    expect(connectionAllowsPrefetch({ saveData: true, effectiveType: '4g' })).toBe(false);
    expect(connectionAllowsPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(connectionAllowsPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(connectionAllowsPrefetch({ saveData: false, effectiveType: '3g' })).toBe(true);
    expect(connectionAllowsPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(connectionAllowsPrefetch(undefined)).toBe(true);
  });

  it('refuses a slow link that reports 3g by its round trip and bandwidth: 800 ms / 250 kbit/s', () => {
    expect(connectionAllowsPrefetch({ saveData: false, effectiveType: '3g', rtt: 800, downlink: 0.25 })).toBe(false);
  });
});

describe('prefetchLimits', () => {
  it('4 at a time on a fast link, 2 in all one at a time on a moderate one, none on a slow one', () => {
    expect(prefetchLimits('full')).toEqual({ concurrent: MAX_CONCURRENT_PREFETCHES, total: Infinity });
    expect(prefetchLimits('light')).toEqual({ concurrent: 1, total: LIGHT_PREFETCH_LIMIT });
    expect(LIGHT_PREFETCH_LIMIT).toBe(2);
    expect(prefetchLimits('none')).toEqual({ concurrent: 0, total: 0 });
  });
});

describe('prefetch memory (each payload at most once per session)', () => {
  function fakeStorage() {
    const data = new Map<string, string>();
    return {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => data.set(key, value),
    };
  }

  it('remembers across documents of one session, and a new session starts empty', () => {
    const session = fakeStorage();
    const first = createPrefetchMemory(session);
    expect(first.has('/asemahaku/_payload.json')).toBe(false);
    first.remember('/asemahaku/_payload.json');
    // The next document (a reload, another landing) of the same tab.
    expect(createPrefetchMemory(session).has('/asemahaku/_payload.json')).toBe(true);
    expect(createPrefetchMemory(fakeStorage()).has('/asemahaku/_payload.json')).toBe(false);
  });

  it('keeps working when storage is missing, refuses writes or holds junk', () => {
    const none = createPrefetchMemory(undefined);
    none.remember('/a/_payload.json');
    expect(none.has('/a/_payload.json')).toBe(true);
    const refusing = createPrefetchMemory({
      getItem: () => 'not json',
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    refusing.remember('/b/_payload.json');
    expect(refusing.has('/b/_payload.json')).toBe(true);
  });

  it('forgets the oldest beyond 300 entries', () => {
    const session = fakeStorage();
    const memory = createPrefetchMemory(session);
    for (let index = 0; index < 301; index++) memory.remember(`/p${index}/_payload.json`);
    const later = createPrefetchMemory(session);
    expect(later.has('/p0/_payload.json')).toBe(false);
    expect(later.has('/p1/_payload.json')).toBe(true);
    expect(later.has('/p300/_payload.json')).toBe(true);
  });
});

describe('payloadToPrefetch', () => {
  const fi = { here: new URL('https://st1.example/yrityksille'), basename: '' };
  const en = { here: new URL('https://st1.example/en-EU/company'), basename: '/en-EU' };
  const preview = { here: new URL('https://st1.example/preview/en-EU/company'), basename: '/preview/en-EU' };

  it('maps internal page links to their payloads', () => {
    expect(payloadToPrefetch({ href: '/asemahaku' }, fi)).toBe('/asemahaku/_payload.json');
    expect(payloadToPrefetch({ href: 'https://st1.example/' }, fi)).toBe('/_payload.json');
    expect(payloadToPrefetch({ href: '/yksityisille/tuotteet?x=1#a' }, fi)).toBe(
      '/yksityisille/tuotteet/_payload.json',
    );
    expect(payloadToPrefetch({ href: '/en-EU/stationsearch' }, en)).toBe('/en-EU/stationsearch/_payload.json');
    expect(payloadToPrefetch({ href: '/en-EU' }, en)).toBe('/en-EU/_payload.json');
    expect(payloadToPrefetch({ href: '/preview/en-EU/terms' }, preview)).toBe('/preview/en-EU/terms/_payload.json');
  });

  it('skips other origins, other locales, previews, files, the page itself, new windows and downloads', () => {
    expect(payloadToPrefetch({ href: 'https://elsewhere.example/asemahaku' }, fi)).toBeNull();
    expect(payloadToPrefetch({ href: 'mailto:info@st1.example' }, fi)).toBeNull();
    expect(payloadToPrefetch({ href: '/en-EU/company' }, fi)).toBeNull();
    expect(payloadToPrefetch({ href: '/SV-se/foretag' }, fi)).toBeNull();
    expect(payloadToPrefetch({ href: '/asemahaku' }, en)).toBeNull();
    expect(payloadToPrefetch({ href: '/en-EUROPE' }, en)).toBeNull();
    expect(payloadToPrefetch({ href: '/preview/asemahaku' }, fi)).toBeNull();
    expect(payloadToPrefetch({ href: '/en-EU/company' }, preview)).toBeNull();
    expect(payloadToPrefetch({ href: '/images/hero-fuel?w=640' }, fi)).toBeNull();
    expect(payloadToPrefetch({ href: '/sitemap.xml' }, fi)).toBeNull();
    expect(payloadToPrefetch({ href: '/files/price-list.pdf' }, fi)).toBeNull();
    expect(payloadToPrefetch({ href: '/proxy/cms-view/v1/content/layout' }, fi)).toBeNull();
    expect(payloadToPrefetch({ href: '/yrityksille#yhteystiedot' }, fi)).toBeNull();
    expect(payloadToPrefetch({ href: '/asemahaku', target: '_blank' }, fi)).toBeNull();
    expect(payloadToPrefetch({ href: '/asemahaku', download: true }, fi)).toBeNull();
  });
});

describe('prefetch queue', () => {
  it('follows a limit that changes (the connection got slower)', async () => {
    let limit = 2;
    const releases: Array<() => void> = [];
    const queue = createQueue(
      () => limit,
      () => new Promise<void>((resolve) => releases.push(resolve)),
    );
    for (const key of ['a', 'b', 'c', 'd']) queue.add(key);
    expect(queue.active).toBe(2);
    limit = 1;
    releases.shift()!();
    releases.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queue.active).toBe(1);
  });

  it('runs at most 4 at a time, each URL once, and keeps going after failures', async () => {
    expect(MAX_CONCURRENT_PREFETCHES).toBe(4);
    let running = 0;
    let most = 0;
    const done: string[] = [];
    const releases: Array<() => void> = [];
    const queue = createQueue(MAX_CONCURRENT_PREFETCHES, async (key) => {
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running--;
      done.push(key);
      if (key === 'c') throw new Error('network');
    });
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'a', 'b']) queue.add(key);
    expect(queue.active).toBe(4);
    while (done.length < 6) {
      releases.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(most).toBe(4);
    expect(done.sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(queue.active).toBe(0);
  });
});
