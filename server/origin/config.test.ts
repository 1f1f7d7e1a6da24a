import { describe, expect, it } from 'vitest';
import { loadOriginConfig } from './config';

describe('LOG_LEVEL of the origin', () => {
  it('defaults to warn in production and info elsewhere; a given level wins', () => {
    expect(loadOriginConfig({ NODE_ENV: 'production' }).logLevel).toBe('warn');
    expect(loadOriginConfig({}).logLevel).toBe('info');
    expect(loadOriginConfig({ LOG_LEVEL: 'error' }).logLevel).toBe('error');
  });
});
