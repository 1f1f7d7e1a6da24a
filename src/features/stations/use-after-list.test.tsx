// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAfterList } from './use-after-list';

/** Records what the list (the value) and the map (one commit late) showed at each commit. */
function Probe({ value, commits }: { value: string; commits: Array<[string, string]> }) {
  const shown = useAfterList(value);
  useLayoutEffect(() => {
    commits.push([value, shown]);
  });
  return null;
}

afterEach(cleanup);

describe('useAfterList', () => {
  it('commits the new value first and gives it to the map in the next commit', async () => {
    const commits: Array<[string, string]> = [];
    const view = render(<Probe value="stored list" commits={commits} />);
    expect(commits).toEqual([['stored list', 'stored list']]);
    await act(async () => view.rerender(<Probe value="search results" commits={commits} />));
    expect(commits).toEqual([
      ['stored list', 'stored list'],
      ['search results', 'stored list'],
      ['search results', 'search results'],
    ]);
  });
});
