import { describe, expect, it } from 'vitest';
import { loadSiteConfig, parseTrustProxy } from './config';

describe('TRUST_PROXY', () => {
  it('is off unless set', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(loadSiteConfig({}).trustProxy).toBe(false);
  });

  it('takes the addresses and networks of the proxies', () => {
    expect(parseTrustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(parseTrustProxy(' 10.0.0.0/8, loopback ,::1')).toEqual(['10.0.0.0/8', 'loopback', '::1']);
    expect(loadSiteConfig({ TRUST_PROXY: '192.168.1.10' }).trustProxy).toEqual(['192.168.1.10']);
  });

  it('refuses "true", which would believe any client, with a message saying what to give', () => {
    expect(() => loadSiteConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: "true" would believe any client's X-Forwarded-For; give the addresses of the proxies/,
    );
  });

  it('refuses hop counts and malformed addresses', () => {
    expect(() => parseTrustProxy('1')).toThrow(/TRUST_PROXY: a hop count \(1\) cannot tell a proxy from a client/);
    expect(() => parseTrustProxy('proxy.example')).toThrow(/TRUST_PROXY: .*proxy\.example/);
    expect(() => parseTrustProxy('10.0.0.0/99')).toThrow(/TRUST_PROXY: /);
  });
});

describe('LOG_LEVEL', () => {
  it('defaults to warn in production and info elsewhere; a given level wins', () => {
    expect(loadSiteConfig({ NODE_ENV: 'production' }).logLevel).toBe('warn');
    expect(loadSiteConfig({}).logLevel).toBe('info');
    expect(loadSiteConfig({ NODE_ENV: 'production', LOG_LEVEL: 'info' }).logLevel).toBe('info');
    expect(() => loadSiteConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
  });
});
