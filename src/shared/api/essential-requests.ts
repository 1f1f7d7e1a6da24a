/**
 * The page's own requests come first (docs/pwa.md "Lie-fi"). Every call of the HTTP
 * client (./client.ts) is one the page waits for: the session check, the cart check, a
 * form, a page payload. Optional traffic (payload prefetch, the background station sync)
 * starts only while none of them is on its way.
 *
 * Why: a browser opens six connections to a site. On a link that holds answers back
 * (lie-fi: the browser still believes it is online), prefetches and syncs started beside a
 * slow session check held all six, and the cart's check queued behind them for the whole
 * hold-back before it was even sent.
 */
let inFlight = 0;
let waiting: Array<() => void> = [];

/** Counts one essential request as on its way; call the function it returns when it ends. */
export function essentialRequestStarted(): () => void {
  inFlight += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    inFlight -= 1;
    if (inFlight > 0) return;
    const resolved = waiting;
    waiting = [];
    for (const resolve of resolved) resolve();
  };
}

/** Resolves once no essential request is on its way (at once when none is). */
export function whenEssentialRequestsAnswered(): Promise<void> {
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => waiting.push(resolve));
}
