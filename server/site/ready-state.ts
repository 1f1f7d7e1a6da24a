/**
 * What the readiness listener (READY_PORT, server/site/ready-listener.ts) answers from: the
 * main thread publishes its state in a SharedArrayBuffer, and the listener's thread reads
 * it without asking the main thread anything. Under 1,000 connections a new connection to
 * the public port waits its turn on the one busy event loop (issue 27, finding 2); this
 * listener's loop is idle, so a balancer's check is answered at once.
 *
 * The heartbeat is the main loop's clock, stored every HEARTBEAT_MS: a loop that has not
 * turned for STALLED_MS serves nobody and is not ready. 5 s: far above the lag of a loop
 * merely busy (its timers then run late by a render, ~0.1–1 s, and load shedding
 * starts at 1 s), so a busy copy stays in rotation; as long as a balancer's usual check
 * time-out (2–5 s), after which checks on the public port would fail too.
 */
import type { ResponseOf } from '#shared/api/endpoint';
import type { siteProbesApi } from '#shared/api/probes';

/** Int32 slots of the shared buffer. */
const DRAINING = 0;
/** 1 up, 0 down, -1 not checked yet. */
const ORIGIN_UP = 1;
/** Date.now() truncated to 32 bits: differences are right (wrapping) for up to 24 days. */
const HEARTBEAT = 2;
const IN_FLIGHT = 3;
const SLOTS = 4;

export const HEARTBEAT_MS = 250;
export const STALLED_MS = 5000;

export interface ReadyView {
  draining: boolean;
  /** Undefined until the first origin check has answered. */
  originUp: boolean | undefined;
  /** How long ago the main loop last beat. */
  heartbeatAgeMs: number;
  inFlight: number;
}

export interface ReadyAnswer {
  status: 200 | 503;
  /** The /readyz body of its contract (src/shared/api/probes.ts); only this thread sees a stalled main loop. */
  body: ResponseOf<typeof siteProbesApi.ready>;
}

/** The decision, pure: draining first (as on the public port), then a stalled loop, then the origin. */
export function readyAnswer(view: ReadyView): ReadyAnswer {
  const status = view.draining
    ? 'draining'
    : view.heartbeatAgeMs > STALLED_MS
      ? 'event loop stalled'
      : view.originUp === true
        ? 'ready'
        : 'origin unavailable';
  return { status: status === 'ready' ? 200 : 503, body: { status, inFlight: view.inFlight } };
}

/** ToInt32 keeps the low 32 bits of the millisecond clock. */
const clock = (now: number) => now | 0;

export function createReadyBuffer(now = Date.now()): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(SLOTS * Int32Array.BYTES_PER_ELEMENT);
  const slots = new Int32Array(buffer);
  Atomics.store(slots, ORIGIN_UP, -1);
  Atomics.store(slots, HEARTBEAT, clock(now));
  return buffer;
}

/** The main thread's side: what it writes. */
export function readyPublisher(buffer: SharedArrayBuffer) {
  const slots = new Int32Array(buffer);
  return {
    originUp: (up: boolean) => void Atomics.store(slots, ORIGIN_UP, up ? 1 : 0),
    beat: (state: { draining: boolean; inFlight: number }, now = Date.now()) => {
      Atomics.store(slots, DRAINING, state.draining ? 1 : 0);
      Atomics.store(slots, IN_FLIGHT, state.inFlight);
      Atomics.store(slots, HEARTBEAT, clock(now));
    },
  };
}

/** The listener's side: the state as of `now`. */
export function readReady(buffer: SharedArrayBuffer, now = Date.now()): ReadyView {
  const slots = new Int32Array(buffer);
  const origin = Atomics.load(slots, ORIGIN_UP);
  return {
    draining: Atomics.load(slots, DRAINING) === 1,
    originUp: origin === -1 ? undefined : origin === 1,
    // Subtracted in 32 bits, so that the wrap of the truncated clock cancels out.
    heartbeatAgeMs: (clock(now) - Atomics.load(slots, HEARTBEAT)) | 0,
    inFlight: Atomics.load(slots, IN_FLIGHT),
  };
}
