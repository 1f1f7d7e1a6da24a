// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_PAUSE_MS, useSettledWords } from './use-settled-words';

/** Records every value the address would have been written with. */
function Probe({ words, typed, settled }: { words: string; typed: string; settled: string[] }) {
  const value = useSettledWords(words, typed);
  useLayoutEffect(() => {
    if (settled.at(-1) !== value) settled.push(value);
  });
  return null;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const WORD = 'hameenlinna';

describe('useSettledWords', () => {
  it('gives the words at once when the locator opens', () => {
    const settled: string[] = [];
    render(<Probe words="lahti" typed="lahti" settled={settled} />);
    expect(settled).toEqual(['lahti']);
  });

  it('takes no word of the middle of the typing while the list lags behind the keys', async () => {
    const settled: string[] = [];
    const view = render(<Probe words="" typed="" settled={settled} />);
    // The list shows the first key, then stays on it while ten more keys come 40 ms apart
    // (its renders interrupted by each key, as on a busy phone): 440 ms, more than the pause.
    await act(async () => view.rerender(<Probe words="h" typed="h" settled={settled} />));
    for (let length = 2; length <= WORD.length; length++) {
      await act(async () => {
        vi.advanceTimersByTime(40);
        view.rerender(<Probe words="h" typed={WORD.slice(0, length)} settled={settled} />);
      });
    }
    await act(async () => vi.advanceTimersByTime(40));
    expect(settled).toEqual(['']);
    // The list catches up: the words follow once the typing has rested for the pause.
    await act(async () => view.rerender(<Probe words={WORD} typed={WORD} settled={settled} />));
    await act(async () => vi.advanceTimersByTime(TYPING_PAUSE_MS - 1));
    expect(settled).toEqual(['']);
    await act(async () => vi.advanceTimersByTime(1));
    expect(settled).toEqual(['', WORD]);
  });

  it('follows a real pause in the typing', async () => {
    const settled: string[] = [];
    const view = render(<Probe words="" typed="" settled={settled} />);
    await act(async () => view.rerender(<Probe words="tam" typed="tam" settled={settled} />));
    await act(async () => vi.advanceTimersByTime(TYPING_PAUSE_MS));
    await act(async () => view.rerender(<Probe words="tampere" typed="tampere" settled={settled} />));
    await act(async () => vi.advanceTimersByTime(TYPING_PAUSE_MS));
    expect(settled).toEqual(['', 'tam', 'tampere']);
  });
});
