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

describe('REDIS_URL and the shutdown settings', () => {
  it('counts in memory without REDIS_URL and takes redis:// or rediss:// addresses', () => {
    expect(loadSiteConfig({}).redisUrl).toBeUndefined();
    expect(loadSiteConfig({ REDIS_URL: 'redis://10.0.0.11:6379' }).redisUrl).toBe('redis://10.0.0.11:6379');
    expect(loadSiteConfig({ REDIS_URL: 'rediss://cache.example:6380' }).redisUrl).toBe('rediss://cache.example:6380');
  });

  it('refuses a REDIS_URL that is not a Redis address', () => {
    expect(() => loadSiteConfig({ REDIS_URL: 'http://10.0.0.11:6379' })).toThrow(/REDIS_URL: expected redis:\/\//);
    expect(() => loadSiteConfig({ REDIS_URL: 'localhost:6379x' })).toThrow(/REDIS_URL/);
    // No URL at all: the configuration's own message, not the URL parser's TypeError.
    expect(() => loadSiteConfig({ REDIS_URL: 'kQ$=r0WaD:' })).toThrow(/REDIS_URL: /);
    expect(() => loadSiteConfig({ PUBLIC_URL: 'kQ$=r0WaD:' })).toThrow(/PUBLIC_URL: /);
  });

  it('drains for 0 ms and waits up to 10 s by default, and refuses a negative drain', () => {
    expect(loadSiteConfig({}).shutdown).toEqual({ drainMs: 0, timeoutMs: 10_000 });
    expect(loadSiteConfig({ SHUTDOWN_DRAIN_MS: '15000' }).shutdown.drainMs).toBe(15_000);
    expect(() => loadSiteConfig({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });
});

describe('METRICS_PORT and METRICS_HOST', () => {
  it('are off without a port, on loopback unless told otherwise', () => {
    expect(loadSiteConfig({}).metrics).toEqual({ host: '127.0.0.1', port: undefined });
    expect(loadSiteConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadSiteConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      host: '10.0.0.5',
      port: 9464,
    });
  });

  it('refuses a malformed port and the public port', () => {
    expect(() => loadSiteConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
    expect(() => loadSiteConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadSiteConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ from PORT/);
  });
});

describe('READY_PORT', () => {
  it('is off unless set', () => {
    expect(loadSiteConfig({}).readyPort).toBeUndefined();
    expect(loadSiteConfig({ READY_PORT: '9465' }).readyPort).toBe(9465);
    expect(loadSiteConfig({ READY_PORT: '0' }).readyPort).toBe(0);
  });

  it('refuses a malformed port and a port already taken by PORT or METRICS_PORT', () => {
    expect(() => loadSiteConfig({ READY_PORT: 'ready' })).toThrow(/READY_PORT/);
    expect(() => loadSiteConfig({ READY_PORT: '-1' })).toThrow(/READY_PORT/);
    expect(() => loadSiteConfig({ PORT: '3000', READY_PORT: '3000' })).toThrow(/READY_PORT: must differ from PORT/);
    expect(() => loadSiteConfig({ METRICS_PORT: '9464', READY_PORT: '9464' })).toThrow(
      /READY_PORT: must differ from METRICS_PORT/,
    );
  });
});
