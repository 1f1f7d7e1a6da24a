/**
 * Whether the origin answers, for `/readyz` (docs/operations.md "Health and readiness"):
 * checked in the background every second once polled, and read from memory, so that a readiness poll
 * costs nothing and never waits for the origin. Checked per poll, a load balancer's checks
 * under overload waited behind the visitors' requests for the origin's answer (8–15 s,
 * and 503 when the 2 s check timed out: issue 27, finding 2), and every copy was taken out
 * at once. A check may take up to CHECK_TIMEOUT_MS under load without turning readiness
 * off; a refused connection turns it off within a second.
 */
import type { OriginClient } from './origin-client';

const CHECK_INTERVAL_MS = 1000;
/** Longer than a poll may wait: the answer is read from memory, the check runs apart. */
const CHECK_TIMEOUT_MS = 5000;

export interface OriginReadiness {
  /** The last check's result; the first call waits for the first check. */
  up(): Promise<boolean>;
  stop(): void;
}

/** `onResult` hears every check's result (the readiness listener's shared state, ready-state.ts). */
export function watchOriginReadiness(
  origin: Pick<OriginClient, 'healthy'>,
  onResult?: (up: boolean) => void,
): OriginReadiness {
  let last: boolean | undefined;
  let running: Promise<boolean> | undefined;
  const check = (): Promise<boolean> => {
    running ??= origin.healthy(CHECK_TIMEOUT_MS).then((healthy) => {
      last = healthy;
      onResult?.(healthy);
      running = undefined;
      return healthy;
    });
    return running;
  };
  // Started by the first poll: a copy that nobody polls (no balancer in front, a test)
  // does not ask its origin every second for nothing.
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const start = () => {
    if (timer || stopped) return;
    timer = setInterval(() => void check(), CHECK_INTERVAL_MS);
    timer.unref();
  };
  // The readiness listener (READY_PORT) has no poll to start the checks: start them now.
  if (onResult) {
    start();
    void check();
  }
  return {
    up: async () => {
      start();
      return last ?? check();
    },
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
