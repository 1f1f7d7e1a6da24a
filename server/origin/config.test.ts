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
