import { describe, expect, it } from 'vitest';
import { isPagePayload } from './payload';

const payload = {
  locale: 'fi-FI',
  buildId: 'b1',
  preview: false,
  layout: null,
  page: { blocks: [] },
  error: null,
  head: { title: 'Etusivu' },
};

describe('isPagePayload', () => {
  it('takes a payload, with or without its optional parts', () => {
    expect(isPagePayload(payload)).toBe(true);
    expect(isPagePayload({ ...payload, search: { query: 'x', result: null }, offline: { kind: 'shell' } })).toBe(true);
  });

  it.each([
    ['no object', 'Bad gateway'],
    ['null', null],
    ['an unknown locale', { ...payload, locale: 'de-DE' }],
    ['no build id', { ...payload, buildId: undefined }],
    ['a page that is no object', { ...payload, page: 'home' }],
    ['no head', { ...payload, head: null }],
    ['an error body of the API instead', { status: 502, code: 'BAD_GATEWAY', message: 'x' }],
  ])('refuses %s', (_name, value) => {
    expect(isPagePayload(value)).toBe(false);
  });
});
