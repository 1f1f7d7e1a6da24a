import { describe, expect, it } from 'vitest';
import { createReadyBuffer, readReady, readyAnswer, readyPublisher, STALLED_MS } from './ready-state';

const view = { draining: false, originUp: true, heartbeatAgeMs: 100, inFlight: 3 };

describe('readyAnswer', () => {
  it('is ready with the origin up and a main loop that beats', () => {
    expect(readyAnswer(view)).toEqual({ status: 200, body: { status: 'ready', inFlight: 3 } });
  });

  it('answers 503 draining while draining, whatever else holds', () => {
    expect(readyAnswer({ ...view, draining: true, heartbeatAgeMs: STALLED_MS * 2 })).toEqual({
      status: 503,
      body: { status: 'draining', inFlight: 3 },
    });
  });

  it('answers 503 once the main loop has not beaten for longer than STALLED_MS', () => {
    expect(readyAnswer({ ...view, heartbeatAgeMs: STALLED_MS }).status).toBe(200);
    expect(readyAnswer({ ...view, heartbeatAgeMs: STALLED_MS + 1 })).toEqual({
      status: 503,
      body: { status: 'event loop stalled', inFlight: 3 },
    });
  });

  it('answers 503 origin unavailable with the origin down or not checked yet', () => {
    expect(readyAnswer({ ...view, originUp: false }).body.status).toBe('origin unavailable');
    expect(readyAnswer({ ...view, originUp: undefined }).status).toBe(503);
  });
});

describe('the shared buffer', () => {
  it('carries what the main thread publishes to the reader', () => {
    const start = 1_764_000_000_000;
    const buffer = createReadyBuffer(start);
    expect(readReady(buffer, start + 10)).toEqual({
      draining: false,
      originUp: undefined,
      heartbeatAgeMs: 10,
      inFlight: 0,
    });
    const publisher = readyPublisher(buffer);
    publisher.originUp(true);
    publisher.beat({ draining: true, inFlight: 7 }, start + 1000);
    expect(readReady(buffer, start + 1250)).toEqual({
      draining: true,
      originUp: true,
      heartbeatAgeMs: 250,
      inFlight: 7,
    });
  });

  it('measures the heartbeat age across the wrap of the 32-bit clock', () => {
    const beforeWrap = 2 ** 32 * 400 - 100;
    const buffer = createReadyBuffer(beforeWrap);
    expect(readReady(buffer, beforeWrap + 6000).heartbeatAgeMs).toBe(6000);
    expect(readyAnswer(readReady(buffer, beforeWrap + 6000)).body.status).toBe('event loop stalled');
  });
});
