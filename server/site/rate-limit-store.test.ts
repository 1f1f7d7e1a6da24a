import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { withDeadline } from './rate-limit-store';

/** Keeps this process's event loop busy, as a long render or a machine short of CPU does. */
function stall(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

/** `cat` in a process of its own: it answers whatever this process is doing. */
function echo() {
  const cat = spawn('cat', { stdio: ['pipe', 'pipe', 'ignore'] });
  return {
    send: (done: (error: Error | null, result?: string) => void) => {
      cat.stdout.once('data', (chunk: Buffer) => done(null, chunk.toString()));
      cat.stdin.write('answer');
    },
    close: () => cat.kill(),
  };
}

function settled<T>(start: (settle: (error: Error | null, result?: T) => void) => void) {
  return new Promise<string>((resolve) => start((error, result) => resolve(error ? error.message : String(result))));
}

describe('withDeadline (the wait for Redis of a limited request)', () => {
  it('takes an answer that arrived while this process was busy past the wait', async () => {
    const other = echo();
    try {
      // The first round trip: cat is running before the measured one.
      expect(await settled<string>((settle) => withDeadline(other.send, 5000, settle))).toBe('answer');
      const outcome = settled<string>((settle) => withDeadline(other.send, 20, settle));
      // Both the wait and the answer are due when the loop runs again: the answer wins.
      stall(1000);
      expect(await outcome).toBe('answer');
    } finally {
      other.close();
    }
  });

  it('gives up after the wait when nothing answers, and ignores a late answer', async () => {
    let late: ((error: Error | null, result?: string) => void) | undefined;
    const answers: string[] = [];
    const outcome = settled<string>((settle) =>
      withDeadline<string>(
        (done) => (late = done),
        20,
        (error, result) => {
          answers.push(error ? 'time-out' : String(result));
          settle(error, result);
        },
      ),
    );
    expect(await outcome).toBe('No answer within 20 ms');
    late!(null, 'too late');
    expect(answers).toEqual(['time-out']);
  });

  it('passes an error of the command on at once', async () => {
    expect(
      await settled<string>((settle) => withDeadline((done) => done(new Error('Connection is closed.')), 5000, settle)),
    ).toBe('Connection is closed.');
  });
});
