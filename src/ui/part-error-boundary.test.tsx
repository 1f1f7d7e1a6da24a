// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PartErrorBoundary } from './part-error-boundary';

describe('PartErrorBoundary', () => {
  it('a part whose chunk does not load shows its fallback; the rest of the page stays', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Extras = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <main>
        <input aria-label="E-mail" defaultValue="matti@example.fi" />
        <PartErrorBoundary name="The extras" fallback={<p>Extras unavailable</p>}>
          <Suspense fallback={null}>
            <Extras />
          </Suspense>
        </PartErrorBoundary>
      </main>,
    );
    expect(await screen.findByText('Extras unavailable')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('E-mail').value).toBe('matti@example.fi');
    expect(warn).toHaveBeenCalledWith('The extras failed', expect.any(TypeError));
    warn.mockRestore();
    error.mockRestore();
  });

  it('renders its children while they work', () => {
    render(
      <PartErrorBoundary name="The map">
        <p>Map</p>
      </PartErrorBoundary>,
    );
    expect(screen.getByText('Map')).toBeTruthy();
  });
});
