/**
 * A hook that follows the viewport width against BREAKPOINTS (rules/limits.ts), re-reading
 * it RESIZE_DEBOUNCE_MS after the last resize event so that dragging a
 * window edge re-renders once, not on every frame.
 *
 * CSS does the layout with the same numbers (mobile first, min-width queries); the hook is
 * for behaviour that differs by width, such as footer headings that collapse only on
 * phones. On the server and during hydration the width is unknown (null): components then
 * render their no-JavaScript form, and switch once the browser has measured.
 */
import { useSyncExternalStore } from 'react';
import { BREAKPOINTS, RESIZE_DEBOUNCE_MS } from '#shared/rules/limits';
import { useHydrated } from './use-hydrated';

export type BreakpointName = keyof typeof BREAKPOINTS;

/** What the store needs of `window`; a plain EventTarget stands in for it in unit tests. */
export type ViewportSource = Pick<Window, 'innerWidth' | 'addEventListener' | 'removeEventListener'>;

export interface ViewportWidthStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): number;
}

/**
 * A useSyncExternalStore source for the viewport width. The snapshot changes only when
 * the debounced handler runs, so a render in between never sees a half-resized width.
 */
export function createViewportWidthStore(source: ViewportSource, debounceMs = RESIZE_DEBOUNCE_MS): ViewportWidthStore {
  let width = source.innerWidth;
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const settle = () => {
    timer = undefined;
    if (source.innerWidth === width) return;
    width = source.innerWidth;
    for (const listener of listeners) listener();
  };
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(settle, debounceMs);
  };

  return {
    subscribe(listener) {
      if (listeners.size === 0) {
        // The width may have changed while nobody listened.
        width = source.innerWidth;
        source.addEventListener('resize', onResize);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          source.removeEventListener('resize', onResize);
          clearTimeout(timer);
          timer = undefined;
        }
      };
    },
    getSnapshot: () => width,
  };
}

let browserStore: ViewportWidthStore | undefined;

function store(): ViewportWidthStore {
  browserStore ??= createViewportWidthStore(window);
  return browserStore;
}

const subscribe = (listener: () => void) => store().subscribe(listener);
const getSnapshot = () => store().getSnapshot();
const getServerSnapshot = () => null;

/**
 * The viewport width in CSS pixels, or null on the server and while hydrating. The width
 * is read once the page has hydrated (use-hydrated.ts), in that transition's render: a
 * browser snapshot that differs from the server's would make React re-render synchronously.
 */
function useViewportWidth(): number | null {
  const hydrated = useHydrated();
  return useSyncExternalStore<number | null>(subscribe, hydrated ? getSnapshot : getServerSnapshot, getServerSnapshot);
}

/** Whether the viewport is at least `breakpoint` wide; null when not known yet. */
export function useMinWidth(breakpoint: BreakpointName): boolean | null {
  const width = useViewportWidth();
  return width === null ? null : width >= BREAKPOINTS[breakpoint];
}
