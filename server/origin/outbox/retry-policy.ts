/** When a failed delivery is tried again, and when it is given up (docs/accounts.md "Mail delivery"). */

const MAX_WAIT_MS = 60 * 60 * 1000;

/** The wait after the `attempts`-th failed attempt: base, 2 × base, 4 × base, … at most an hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(MAX_WAIT_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * A refusal no retry can change: the SMTP server answered with a 5xx code (RFC 5321
 * §4.2.1: "permanent negative completion", e.g. 550 no such mailbox) for this message.
 * Connection failures, time-outs and 4xx answers are transient.
 */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export type FailureOutcome = { kind: 'retry'; at: Date } | { kind: 'dead' };

export function failureOutcome(
  error: unknown,
  attempts: number,
  options: { maxAttempts: number; retryBaseMs: number; now: Date },
): FailureOutcome {
  if (isPermanentFailure(error) || attempts >= options.maxAttempts) return { kind: 'dead' };
  return { kind: 'retry', at: new Date(options.now.getTime() + retryDelayMs(attempts, options.retryBaseMs)) };
}
