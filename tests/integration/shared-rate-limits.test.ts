/**
 * Per-address limits shared by several site servers through Redis (REDIS_URL,
 * docs/operations.md "Several instances"): two copies in front of one origin, as behind a
 * load balancer. With Redis, an address gets the limit once across both; without it, each
 * copy counts on its own (memory, the embedded default).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../server/site/routes/account';
import { requireProductionBuild, startSiteWithOrigin, type SiteWithOrigin } from './support/site-with-origin';
import { redisSkipReason, startThrowawayRedis, type ThrowawayRedis } from './support/throwaway-redis';

requireProductionBuild('tests/integration/shared-rate-limits.test.ts');

const skip = redisSkipReason();
if (skip) console.warn(skip);

const sameSite = {
  'content-type': 'application/json',
  host: 'localhost',
  origin: 'http://localhost',
  'x-st1-locale': 'fi-FI',
};
/** The wash-code check allows 30 a client address in 10 minutes (proxy-allow-list.ts). */
const WASH_CODE_LIMIT = 30;

describe.skipIf(skip !== undefined)('per-address limits with REDIS_URL', () => {
  let env: SiteWithOrigin;
  let redis: ThrowawayRedis;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let memoryFirst: FastifyInstance;
  let memorySecond: FastifyInstance;

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    env = await startSiteWithOrigin('shared-limits');
    first = await env.site({ REDIS_URL: redis.url });
    second = await env.site({ REDIS_URL: redis.url });
    memoryFirst = await env.site();
    memorySecond = await env.site();
  }, 60_000);

  afterAll(async () => {
    await env?.close();
    await redis?.stop();
  });

  const washCheck = (app: FastifyInstance, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/proxy/digital-order/v1/wash-codes/check',
      headers: sameSite,
      payload: { code: 'ST1-000000000000' },
      remoteAddress,
    });
  let email = 0;
  const login = (app: FastifyInstance, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: sameSite,
      // A new unknown account each time, so the origin's per-account lock never answers.
      payload: { email: `nobody${(email += 1)}@example.com`, password: 'wrong password' },
      remoteAddress,
    });

  it('counts the wash-code checks of one address once across both servers', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < WASH_CODE_LIMIT; index += 1)
      statuses.push((await washCheck(index % 2 === 0 ? first : second, '198.51.100.20')).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await washCheck(first, '198.51.100.20');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await washCheck(second, '198.51.100.20')).statusCode).toBe(429);
    // Another address keeps its own count.
    expect((await washCheck(second, '198.51.100.21')).statusCode).toBe(200);
  });

  it('counts logins of one address once across both servers, apart from the other limits', async () => {
    const { max } = RATE_LIMITS.loginPerAddress;
    for (let index = 0; index < max; index += 1)
      expect((await login(index % 2 === 0 ? first : second, '198.51.100.30')).statusCode).not.toBe(429);
    expect((await login(second, '198.51.100.30')).statusCode).toBe(429);
    expect((await login(first, '198.51.100.30')).statusCode).toBe(429);
    // The login limit of this address is not the wash-code limit's count.
    expect((await washCheck(first, '198.51.100.30')).statusCode).toBe(200);
  });

  it('without REDIS_URL each server counts in its own memory', async () => {
    for (let index = 0; index < WASH_CODE_LIMIT; index += 1)
      expect((await washCheck(memoryFirst, '198.51.100.40')).statusCode).toBe(200);
    expect((await washCheck(memoryFirst, '198.51.100.40')).statusCode).toBe(429);
    expect((await washCheck(memorySecond, '198.51.100.40')).statusCode).toBe(200);
  });
});
