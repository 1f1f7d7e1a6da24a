/**
 * Asks the browser to keep this site's storage (IndexedDB: stations, favourites, the
 * cart; Cache Storage: saved pages) out of automatic eviction under storage pressure
 * (`navigator.storage.persist()`). Asked when the app is installed or launched installed
 * (src/features/pwa) and when a favourite station is saved: the moments a visitor shows
 * the stored data matters to them. Chromium decides without a prompt (an installed app or
 * an engaged site is granted); a refusal changes nothing visible: the data stays "best
 * effort" and is kept unless the device runs short of space (docs/pwa.md). Shared UI
 * layer, so that any feature may call it.
 */
export type PersistOutcome = 'persisted' | 'refused' | 'unsupported';

export type StorageManagerLike = Partial<Pick<StorageManager, 'persist' | 'persisted'>>;

let asked: Promise<PersistOutcome> | undefined;

/** Asks once per document (later calls get the first answer); never throws. */
export function askForPersistentStorage(
  storage: StorageManagerLike | undefined = typeof navigator === 'undefined' ? undefined : navigator.storage,
): Promise<PersistOutcome> {
  asked ??= (async (): Promise<PersistOutcome> => {
    if (!storage?.persist) return 'unsupported';
    try {
      if (await storage.persisted?.()) return 'persisted';
      return (await storage.persist()) ? 'persisted' : 'refused';
    } catch {
      return 'refused';
    }
  })();
  return asked;
}

/** For tests: forget the answer of this document. */
export function resetPersistentStorageForTests(): void {
  asked = undefined;
}
