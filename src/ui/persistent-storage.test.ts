import { afterEach, describe, expect, it, vi } from 'vitest';
import { askForPersistentStorage, resetPersistentStorageForTests } from './persistent-storage';

afterEach(() => resetPersistentStorageForTests());

describe('askForPersistentStorage', () => {
  it('asks once per document and reports the answer', async () => {
    const persist = vi.fn(async () => true);
    const storage = { persist, persisted: async () => false };
    expect(await askForPersistentStorage(storage)).toBe('persisted');
    expect(await askForPersistentStorage(storage)).toBe('persisted');
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask again when the storage is already persistent', async () => {
    const persist = vi.fn(async () => true);
    expect(await askForPersistentStorage({ persist, persisted: async () => true })).toBe('persisted');
    expect(persist).not.toHaveBeenCalled();
  });

  it('reports a refusal, a failure and a browser without the API without throwing', async () => {
    expect(await askForPersistentStorage({ persist: async () => false, persisted: async () => false })).toBe('refused');
    resetPersistentStorageForTests();
    expect(
      await askForPersistentStorage({
        persist: async () => {
          throw new Error('SecurityError');
        },
      }),
    ).toBe('refused');
    resetPersistentStorageForTests();
    expect(await askForPersistentStorage({})).toBe('unsupported');
    resetPersistentStorageForTests();
    expect(await askForPersistentStorage(undefined)).toBe('unsupported');
  });
});
