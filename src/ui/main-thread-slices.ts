/**
 * Long work on the main thread in slices, so that no single task blocks input and paint
 * for long (Total Blocking Time, INP). A first sync builds and checks hundreds of station
 * records at once: on a phone that was one task of about 140 ms (docs/performance.md,
 * "Lighthouse"); in slices it is several short ones, with the browser free in between.
 */

/** Gives the browser a turn: `scheduler.yield()` where there is one (it keeps this work's priority), else a new task. */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** `items.map(map)`, `size` items per task. */
export async function mapInSlices<T, U>(items: readonly T[], size: number, map: (item: T) => U): Promise<U[]> {
  const out: U[] = [];
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await yieldToMain();
    for (const item of items.slice(start, start + size)) out.push(map(item));
  }
  return out;
}
