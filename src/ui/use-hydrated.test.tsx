// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { resetHydratedForTests, useHydrated } from './use-hydrated';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Probe({ seen }: { seen: boolean[] }) {
  const hydrated = useHydrated();
  seen.push(hydrated);
  return createElement('p', null, hydrated ? 'browser' : 'server');
}

describe('useHydrated', () => {
  afterEach(() => resetHydratedForTests());

  it('is false on the server and while hydrating, then true, without a hydration mismatch', async () => {
    const seen: boolean[] = [];
    const container = document.createElement('div');
    container.innerHTML = renderToString(createElement(Probe, { seen: [] }));
    expect(container.textContent).toBe('server');
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, createElement(Probe, { seen }), { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
    expect(container.textContent).toBe('browser');
  });

  it('is true from the first render of what mounts after the page has hydrated (a client navigation)', async () => {
    const first = document.createElement('div');
    await act(async () => createRoot(first).render(createElement(Probe, { seen: [] })));
    const seen: boolean[] = [];
    await act(async () => createRoot(document.createElement('div')).render(createElement(Probe, { seen })));
    expect(seen[0]).toBe(true);
  });
});
