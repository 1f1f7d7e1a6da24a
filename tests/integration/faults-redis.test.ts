/**
 * Faults of the Redis that the per-address limits count in (REDIS_URL, docs/operations.md
 * "Several instances"): hung (the process stopped, its TCP connections open) and dead and
 * back. What the visitor gets: every limited request answers (counted in the copy's
 * memory meanwhile, rate-limit-store.ts), pages and the cart keep working, and what was
 * acknowledged (a form submission) is stored. Two site servers share one Redis, as behind
 * a load balancer; one sheds load at 32 requests in flight, as in production, so that
 * hanging logins would take its pages down with them (issue 27, finding 1).
 *
 * The time bounds here only detect a hang (a request that never answers); how fast the
 * limited requests answer is measured by scripts/bench-redis-faults.ts.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../server/site/routes/account';
import { requireProductionBuild, startSiteWithOrigin, type SiteWithOrigin } from './support/site-with-origin';
import { redisSkipReason, startThrowawayRedis, type ThrowawayRedis } from './support/throwaway-redis';

requireProductionBuild('tests/integration/faults-redis.test.ts');

const skip = redisSkipReason();
if (skip) console.warn(skip);

const sameSite = {
  'content-type': 'application/json',
  host: 'localhost',
  origin: 'http://localhost',
  'x-st1-locale': 'fi-FI',
};
const CART = { items: [{ code: 'WASH-BASIC', quantity: 1 }] };
const FORM = {
  form: 'contact',
  fields: {
    firstname: 'Maija',
    lastname: 'Mehiläinen',
    email: 'maija@example.fi',
    phone: '040 123 4567',
    topic: 'card',
    message: 'Redis oli jumissa, tallentuiko tämä?',
  },
};

/** Fails with `what` instead of waiting for the test's time-out when requests hang. */
async function answeredWithin<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, hung]);
  } finally {
    clearTimeout(timer);
  }
}

describe.skipIf(skip !== undefined)('the per-address limits when Redis fails', () => {
  let env: SiteWithOrigin;
  let redis: ThrowawayRedis;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let address = 0;
  const newAddress = () => `198.51.100.${(address += 1)}`;
  let email = 0;

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    env = await startSiteWithOrigin('faults-redis');
    first = await env.site({ REDIS_URL: redis.url, SHED_MAX_IN_FLIGHT: '32' });
    second = await env.site({ REDIS_URL: redis.url });
  }, 60_000);

  afterAll(async () => {
    // A paused Redis would keep the clients' QUIT waiting: stop() lets it run first.
    await redis?.stop();
    await env?.close();
  });

  const login = (app: FastifyInstance, remoteAddress = newAddress()) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: sameSite,
      // A new unknown account each time, so the origin's per-account lock never answers.
      payload: { email: `nobody${(email += 1)}@example.com`, password: 'wrong password' },
      remoteAddress,
    });
  /**
   * A login without a password: limited like any (the limit runs before the body is
   * validated) and answered 400 without the origin's password hashing, which would make
   * dozens of logins slow on a busy test machine whatever Redis does.
   */
  const cheapLogin = (app: FastifyInstance, remoteAddress = newAddress()) =>
    app.inject({ method: 'POST', url: '/api/v1/login', headers: sameSite, payload: {}, remoteAddress });
  const washCheck = (app: FastifyInstance) =>
    app.inject({
      method: 'POST',
      url: '/proxy/digital-order/v1/wash-codes/check',
      headers: sameSite,
      payload: { code: 'ST1-000000000000' },
      remoteAddress: newAddress(),
    });
  const statuses = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode);
  const storedForms = async () =>
    Number(
      (
        await env.origin.db
          .selectFrom('form_submissions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rateKeys = async () => {
    const client = new Redis(redis.url, { maxRetriesPerRequest: 0 });
    client.on('error', () => undefined);
    try {
      return await client.keys('st1:rate:*');
    } finally {
      client.disconnect();
    }
  };

  it('hung: logins, forms and wash-code checks answer, pages and the cart keep working', async () => {
    expect((await login(first)).statusCode).toBe(401);
    const formsBefore = await storedForms();
    redis.pause();
    try {
      // As many logins at once as the copy takes in flight: hanging, they would hold
      // every slot and the pages below would be shed with 503.
      const logins = await answeredWithin(
        5000,
        'logins with Redis hung',
        Promise.all(Array.from({ length: 32 }, () => cheapLogin(first))),
      );
      expect(new Set(statuses(logins))).toEqual(new Set([400]));
      expect((await answeredWithin(5000, 'a login with Redis hung', login(first))).statusCode).toBe(401);
      const form = await answeredWithin(
        5000,
        'a form with Redis hung',
        first.inject({
          method: 'POST',
          url: '/api/v1/form/submit',
          headers: sameSite,
          payload: FORM,
          remoteAddress: newAddress(),
        }),
      );
      expect(form.statusCode, form.body).toBe(201);
      expect((await answeredWithin(5000, 'a wash-code check with Redis hung', washCheck(second))).statusCode).toBe(200);
      const [page, cart, ready] = await answeredWithin(
        5000,
        'pages with Redis hung',
        Promise.all([
          first.inject({ method: 'GET', url: '/' }),
          first.inject({
            method: 'POST',
            url: '/proxy/digital-order/v1/cart/validate',
            headers: sameSite,
            payload: CART,
          }),
          first.inject({ method: 'GET', url: '/readyz' }),
        ]),
      );
      expect(statuses([page, cart, ready])).toEqual([200, 200, 200]);

      // Counted in the copy's memory meanwhile: the limit still holds for one address.
      const { max } = RATE_LIMITS.loginPerAddress;
      const one = newAddress();
      for (let index = 0; index < max; index += 1) expect((await cheapLogin(second, one)).statusCode).toBe(400);
      expect((await cheapLogin(second, one)).statusCode).toBe(429);
    } finally {
      redis.resume();
    }
    // The submission acknowledged with 201 is stored.
    expect(await storedForms()).toBe(formsBefore + 1);
  }, 60_000);

  it('dead and back: limited requests answer at once, then count in Redis again', async () => {
    await redis.kill();
    const logins = await answeredWithin(
      5000,
      'logins with Redis dead',
      (async () => {
        const answers: LightMyRequestResponse[] = [];
        for (let index = 0; index < 6; index += 1) answers.push(await cheapLogin(index % 2 === 0 ? first : second));
        answers.push(await login(second));
        return answers;
      })(),
    );
    expect(statuses(logins)).toEqual([400, 400, 400, 400, 400, 400, 401]);
    expect((await answeredWithin(5000, 'a wash-code check with Redis dead', washCheck(first))).statusCode).toBe(200);

    await redis.restart();
    // The clients reconnect on their own (ioredis retries within 2 s); from then on each
    // copy counts in Redis again: a probe from an address of its own shows up there.
    const probes = [
      [first, newAddress()],
      [second, newAddress()],
    ] as const;
    const deadline = Date.now() + 10_000;
    const counted = async () => {
      const keys = await rateKeys();
      return probes.every(([, probe]) => keys.some((key) => key.endsWith(`|${probe}`)));
    };
    while (!(await counted())) {
      expect(Date.now(), 'both copies count in Redis again within 10 s of its return').toBeLessThan(deadline);
      for (const [app, probe] of probes) await cheapLogin(app, probe);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const shared = newAddress();
    const { max } = RATE_LIMITS.loginPerAddress;
    for (let index = 0; index < max; index += 1)
      expect((await cheapLogin(index % 2 === 0 ? first : second, shared)).statusCode).toBe(400);
    expect((await cheapLogin(first, shared)).statusCode).toBe(429);
    expect((await cheapLogin(second, shared)).statusCode).toBe(429);
  }, 60_000);

  it('names each limiter in its Redis keys', async () => {
    await washCheck(first);
    const keys = await rateKeys();
    expect(keys.some((key) => key.startsWith('st1:rate:account:login-address:'))).toBe(true);
    expect(keys.some((key) => key.startsWith('st1:rate:proxy:digital-order/v1/wash-codes/check:'))).toBe(true);
    expect(keys.filter((key) => key.includes('undefined'))).toEqual([]);
  });
});
