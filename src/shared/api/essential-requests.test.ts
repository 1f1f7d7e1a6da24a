import { describe, expect, it } from 'vitest';
import { requestJson } from './client';
import { whenEssentialRequestsAnswered } from './essential-requests';

/** A fetch whose one answer arrives when the test says so. */
function heldBackFetch() {
  let answer: (response: Response) => void = () => undefined;
  const fetch = (() =>
    new Promise<Response>((resolve) => {
      answer = resolve;
    })) as unknown as typeof globalThis.fetch;
  return { fetch, answer: () => answer(new Response('{"ok":true}', { status: 200 })) };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  for (let turn = 0; turn < 20; turn++) await Promise.resolve();
  return done;
};

describe('essential requests', () => {
  it('optional traffic may start at once when the page waits for nothing', async () => {
    expect(await settled(whenEssentialRequestsAnswered())).toBe(true);
  });

  it('optional traffic waits until every request of the page has its answer, failures included', async () => {
    const session = heldBackFetch();
    const cart = heldBackFetch();
    const sessionCheck = requestJson({ url: '/api/v1/auth', fetch: session.fetch });
    const cartCheck = requestJson({ method: 'POST', url: '/proxy/cart', body: {}, fetch: cart.fetch });
    const failing = requestJson({
      url: '/api/v1/x',
      fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch,
    }).catch(() => 'failed');

    const quiet = whenEssentialRequestsAnswered();
    expect(await failing).toBe('failed');
    session.answer();
    await sessionCheck;
    expect(await settled(quiet)).toBe(false);
    cart.answer();
    await cartCheck;
    expect(await settled(quiet)).toBe(true);
  });
});
