import { describe, expect, it } from 'vitest';
import { isStorable, isStorablePage } from './storable';

const response = (status: number, headers: Record<string, string>) =>
  new Response(status === 204 ? null : 'x', { status, headers });

describe('what may be kept', () => {
  it('keeps complete public pages and payloads', () => {
    expect(
      isStorablePage(response(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' })),
    ).toBe(true);
    expect(isStorable(response(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' }))).toBe(true);
    const shared = 'public, max-age=0, s-maxage=60, stale-while-revalidate=60, stale-if-error=86400';
    expect(isStorablePage(response(200, { 'content-type': 'text/html', 'cache-control': shared }))).toBe(true);
  });

  it('keeps a public page answered privately (asked with a session, or setting the locale cookie)', () => {
    expect(isStorablePage(response(200, { 'content-type': 'text/html', 'cache-control': 'private, no-cache' }))).toBe(
      true,
    );
  });

  it('never keeps no-store answers, errors, or non-HTML as a page', () => {
    expect(isStorablePage(response(200, { 'content-type': 'text/html', 'cache-control': 'private, no-store' }))).toBe(
      false,
    );
    expect(isStorable(response(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }))).toBe(false);
    expect(isStorablePage(response(404, { 'content-type': 'text/html' }))).toBe(false);
    expect(isStorablePage(response(503, { 'content-type': 'text/html' }))).toBe(false);
    expect(isStorablePage(response(200, { 'content-type': 'application/xml' }))).toBe(false);
  });
});
