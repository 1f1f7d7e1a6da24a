import { describe, expect, it, vi } from 'vitest';
import { lazyCartSource } from './cart-context';
import type { Cart } from './cart-store';

describe('lazyCartSource', () => {
  it('builds its cart once, on the first load, and holds it from then on', async () => {
    const cart = { state: {} } as unknown as Cart;
    const build = vi.fn(() => Promise.resolve(cart));
    const source = lazyCartSource(build);
    expect(build).not.toHaveBeenCalled();
    expect(source.current).toBeUndefined();
    const [first, second] = await Promise.all([source.load(), source.load()]);
    expect(first).toBe(cart);
    expect(second).toBe(cart);
    expect(await source.load()).toBe(cart);
    expect(source.current).toBe(cart);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('keeps no cart when building fails', async () => {
    const source = lazyCartSource(() => Promise.reject(new Error('chunk failed')));
    await expect(source.load()).rejects.toThrow('chunk failed');
    expect(source.current).toBeUndefined();
  });
});
