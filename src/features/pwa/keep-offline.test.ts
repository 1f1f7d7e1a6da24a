import { describe, expect, it } from 'vitest';
import type { Block } from '#shared/content-schema';
import type { Locale } from '#shared/locales';
import type { PagePayload } from '#shared/payload';
import { pageToKeepOffline } from './keep-offline';

function payload(locale: Locale, blocks: string[] = ['hero'], change: Partial<PagePayload> = {}): PagePayload {
  return {
    locale,
    buildId: 'test',
    preview: false,
    layout: null,
    error: null,
    head: {} as PagePayload['head'],
    page: {
      localizedPagePaths: {},
      content: {
        slug: 'x',
        title: 'X',
        description: '',
        contentType: 'standardPage',
        noIndex: false,
        body: blocks.map((type) => ({ type })) as Block[],
      },
    },
    ...change,
  };
}

const at = (pathname: string, search = '') => ({ pathname, search });

describe('pages kept for offline after a client navigation', () => {
  it('keeps content and station pages, with their query string', () => {
    expect(pageToKeepOffline(payload('fi-FI'), at('/yrityksille'), '')).toBe('/yrityksille');
    expect(pageToKeepOffline(payload('fi-FI', ['stationLocator']), at('/asemahaku', '?service=MAIN'), '')).toBe(
      '/asemahaku?service=MAIN',
    );
    expect(pageToKeepOffline(payload('en-EU'), at('/en-EU/stations/oulu-ouluntie'), '/en-EU')).toBe(
      '/en-EU/stations/oulu-ouluntie',
    );
    expect(pageToKeepOffline(payload('en-EU'), at('/en-EU'), '/en-EU')).toBe('/en-EU');
    // Domain mode: no prefix although the locale has one.
    expect(pageToKeepOffline(payload('sv-SE'), at('/foretag'), '')).toBe('/foretag');
    // The cart and the checkout form say offline that they need the network: kept.
    expect(pageToKeepOffline(payload('fi-FI', ['shopCart']), at('/ostoskori'), '')).toBe('/ostoskori');
  });

  it('never keeps preview, error or missing pages', () => {
    expect(
      pageToKeepOffline(payload('fi-FI', ['hero'], { preview: true }), at('/preview/yrityksille'), '/preview'),
    ).toBeNull();
    expect(pageToKeepOffline(payload('fi-FI'), at('/preview/yrityksille'), '/preview')).toBeNull();
    expect(
      pageToKeepOffline(
        payload('fi-FI', ['hero'], {
          error: { status: 404, statusName: 'NOT_FOUND', path: '/x', reason: 'unknownRoute' },
        }),
        at('/x'),
        '',
      ),
    ).toBeNull();
    expect(pageToKeepOffline({ ...payload('fi-FI'), page: null }, at('/x'), '')).toBeNull();
    expect(pageToKeepOffline(null, at('/x'), '')).toBeNull();
    // A location outside the router's basename (another locale) is not this page.
    expect(pageToKeepOffline(payload('en-EU'), at('/sv-SE/foretag'), '/en-EU')).toBeNull();
  });

  it('never keeps private pages: the account pages and the order confirmation', () => {
    expect(pageToKeepOffline(payload('fi-FI'), at('/oma-tili'), '')).toBeNull();
    expect(pageToKeepOffline(payload('fi-FI'), at('/oma-tili/tilaukset'), '')).toBeNull();
    expect(pageToKeepOffline(payload('en-EU'), at('/en-EU/account/my-details'), '/en-EU')).toBeNull();
    expect(pageToKeepOffline(payload('no-NO'), at('/no-NO/kasse/bekreftelse', '?order=1'), '/no-NO')).toBeNull();
    // Whatever the address, by what the page shows.
    expect(pageToKeepOffline(payload('fi-FI', ['hero', 'account']), at('/kampanja'), '')).toBeNull();
    expect(pageToKeepOffline(payload('fi-FI', ['shopConfirmation']), at('/kiitos'), '')).toBeNull();
    // A path that only starts like one is not private.
    expect(pageToKeepOffline(payload('fi-FI'), at('/oma-tilitoimisto'), '')).toBe('/oma-tilitoimisto');
  });
});
