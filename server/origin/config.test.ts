import { describe, expect, it } from 'vitest';
import { loadOriginConfig } from './config';

describe('LOG_LEVEL of the origin', () => {
  it('defaults to warn in production and info elsewhere; a given level wins', () => {
    expect(loadOriginConfig({ NODE_ENV: 'production' }).logLevel).toBe('warn');
    expect(loadOriginConfig({}).logLevel).toBe('info');
    expect(loadOriginConfig({ LOG_LEVEL: 'error' }).logLevel).toBe('error');
  });
});

describe('import tokens of the origin', () => {
  it('are off when unset, taken when long enough, and refused at start-up when short', () => {
    expect(loadOriginConfig({}).importTokens).toEqual({ prices: undefined, chargerStatuses: undefined });
    const long = 'x'.repeat(32);
    expect(
      loadOriginConfig({ PRICE_IMPORT_TOKEN: long, CHARGER_STATUS_IMPORT_TOKEN: `${long}y` }).importTokens,
    ).toEqual({ prices: long, chargerStatuses: `${long}y` });
    expect(() => loadOriginConfig({ PRICE_IMPORT_TOKEN: 'short' })).toThrow(/PRICE_IMPORT_TOKEN must be at least 32/);
    expect(() => loadOriginConfig({ CHARGER_STATUS_IMPORT_TOKEN: 'short' })).toThrow(/CHARGER_STATUS_IMPORT_TOKEN/);
  });
});

describe('ORIGIN_METRICS_PORT', () => {
  it('is off unless set, shares METRICS_HOST, and never takes the origin port', () => {
    expect(loadOriginConfig({}).metrics).toEqual({ host: '127.0.0.1', port: undefined });
    expect(loadOriginConfig({ ORIGIN_METRICS_PORT: '9465', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      host: '0.0.0.0',
      port: 9465,
    });
    // The site server's METRICS_PORT is not the origin's: both may run in one environment.
    expect(loadOriginConfig({ METRICS_PORT: '9464' }).metrics.port).toBeUndefined();
    expect(() => loadOriginConfig({ ORIGIN_PORT: '4000', ORIGIN_METRICS_PORT: '4000' })).toThrow(
      /ORIGIN_METRICS_PORT: must differ from ORIGIN_PORT/,
    );
    expect(() => loadOriginConfig({ ORIGIN_METRICS_PORT: '-1' })).toThrow(/ORIGIN_METRICS_PORT/);
  });
});

describe('PASSWORD_SCRYPT_N', () => {
  it("is the product's cost unless set, and lower only outside production", () => {
    expect(loadOriginConfig({}).passwordCost).toEqual({ N: 2 ** 15, r: 8, p: 1 });
    expect(loadOriginConfig({ NODE_ENV: 'production' }).passwordCost).toEqual({ N: 2 ** 15, r: 8, p: 1 });
    expect(loadOriginConfig({ NODE_ENV: 'production', PASSWORD_SCRYPT_N: '131072' }).passwordCost.N).toBe(2 ** 17);
    expect(loadOriginConfig({ PASSWORD_SCRYPT_N: '1024' }).passwordCost).toEqual({ N: 1024, r: 8, p: 1 });
    expect(() => loadOriginConfig({ NODE_ENV: 'production', PASSWORD_SCRYPT_N: '1024' })).toThrow(
      /PASSWORD_SCRYPT_N: below 32768 only outside production/,
    );
    expect(() => loadOriginConfig({ PASSWORD_SCRYPT_N: '1000' })).toThrow(/PASSWORD_SCRYPT_N: must be a power of two/);
    expect(() => loadOriginConfig({ PASSWORD_SCRYPT_N: '512' })).toThrow(/PASSWORD_SCRYPT_N/);
  });
});
