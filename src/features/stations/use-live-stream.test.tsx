// @vitest-environment happy-dom
/**
 * useLiveStream (use-live-stream.ts): a page opened before its country's list is stored
 * opens no stream, and opens one as soon as a sync stores the list (the live query of the
 * list's live version); unmounting closes it. The EventSource is a recording stand-in; the
 * store is fake-indexeddb.
 */
import 'fake-indexeddb/auto';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyList, setStationsDb, StationsDatabase } from './station-db';
import { useLiveStream } from './use-live-stream';

class RecordingEventSource {
  static opened: RecordingEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    RecordingEventSource.opened.push(this);
  }
  addEventListener() {}
  close() {
    this.closed = true;
  }
}

function Page() {
  useLiveStream('FI', 'fi-FI');
  return null;
}

let counter = 0;
beforeEach(() => {
  setStationsDb(new StationsDatabase(`use-live-stream-test-${++counter}`));
  RecordingEventSource.opened = [];
  vi.stubGlobal('EventSource', RecordingEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useLiveStream', () => {
  it('waits for the stored list, then opens one stream from its live version; unmounting closes it', async () => {
    const view = render(<Page />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(RecordingEventSource.opened).toEqual([]);
    // The first sync lands while the page is open.
    await act(async () => {
      await applyList('FI', { full: true, version: 2, dataset: 'd1', stations: [], removed: [] }, null, 1000, {
        liveVersion: 5,
        liveEtag: null,
        tariffs: {},
      });
    });
    await vi.waitFor(() =>
      expect(RecordingEventSource.opened.map((source) => source.url)).toEqual([
        '/api/v1/stations/live-stream?country=FI&since=5&dataset=d1',
      ]),
    );
    view.unmount();
    expect(RecordingEventSource.opened[0]!.closed).toBe(true);
  });
});
