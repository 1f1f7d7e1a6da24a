import { describe, expect, it } from 'vitest';
import { threadEntry } from './thread-entry';

describe('threadEntry', () => {
  it('names the TypeScript source beside a module run from source (tsx, the tests)', () => {
    expect(threadEntry('file:///app/server/origin/embedded-origin.ts', 'embedded-worker').href).toBe(
      'file:///app/server/origin/embedded-worker.ts',
    );
  });

  it("names the thread's own bundle beside the server's build", () => {
    expect(threadEntry('file:///app/dist/node/main.js', 'ready-worker').href).toBe(
      'file:///app/dist/node/ready-worker.js',
    );
  });
});
