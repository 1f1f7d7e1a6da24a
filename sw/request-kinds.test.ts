import { describe, expect, it } from 'vitest';
import { requestKind, type RequestFacts } from './request-kinds';

const origin = 'https://st1.example';
const get = (path: string, extra: Partial<RequestFacts> = {}): RequestFacts => ({
  url: path.startsWith('http') ? path : `${origin}${path}`,
  method: 'GET',
  mode: 'cors',
  destination: '',
  ...extra,
});

describe('requestKind', () => {
  it('treats navigations to site pages as pages, in every locale', () => {
    for (const path of ['/', '/asemahaku', '/en-EU/stationsearch', '/sv-SE', '/yrityksille?service=MAIN']) {
      expect(requestKind(get(path, { mode: 'navigate', destination: 'document' }), origin)).toBe('page');
    }
  });

  it('knows payloads and images', () => {
    expect(requestKind(get('/_payload.json'), origin)).toBe('payload');
    expect(requestKind(get('/en-EU/company/_payload.json'), origin)).toBe('payload');
    expect(requestKind(get('/images/hero-fuel?w=640', { destination: 'image' }), origin)).toBe('image');
    expect(requestKind(get('/images/logo.svg'), origin)).toBe('image');
  });

  it('leaves previews, the API, the proxy, the build check and the worker itself to the network', () => {
    for (const path of [
      '/preview/yrityksille',
      '/preview',
      '/preview/_payload.json',
      '/proxy/cms-view/v1/content/layout',
      '/api/v1/auth',
      '/builds/latest.json?t=1',
      '/sw.js',
      '/manifests/fi-FI.webmanifest',
      '/healthz',
    ]) {
      expect(requestKind(get(path, { mode: 'navigate' }), origin)).toBe('other');
      expect(requestKind(get(path), origin)).toBe('other');
    }
  });

  it('leaves other origins and other methods alone', () => {
    expect(requestKind(get('https://maps.googleapis.com/maps/api/js', { destination: 'script' }), origin)).toBe(
      'other',
    );
    expect(requestKind(get('https://elsewhere.example/x.png', { destination: 'image' }), origin)).toBe('other');
    expect(requestKind({ ...get('/api/v1/form/submit'), method: 'POST' }, origin)).toBe('other');
    expect(requestKind({ ...get('/asemahaku', { mode: 'navigate' }), method: 'POST' }, origin)).toBe('other');
  });

  it('a page that happens to start like a reserved word is still a page', () => {
    expect(requestKind(get('/previews', { mode: 'navigate' }), origin)).toBe('page');
    expect(requestKind(get('/proxying', { mode: 'navigate' }), origin)).toBe('page');
  });
});
