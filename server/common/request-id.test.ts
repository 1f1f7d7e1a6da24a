import type { RawRequestDefaultExpression } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isWellFormedRequestId, requestIdGenerator } from './request-id';

const request = (id: string | undefined, address: string) =>
  ({
    headers: id === undefined ? {} : { 'x-request-id': id },
    socket: { remoteAddress: address },
  }) as unknown as RawRequestDefaultExpression;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  const fromProxy = requestIdGenerator((address) => address === '10.0.0.2');

  it("takes a trusted sender's well-formed id", () => {
    expect(fromProxy(request('lb-7f3a9c', '10.0.0.2'))).toBe('lb-7f3a9c');
    expect(fromProxy(request('Root=1-67891233-abcdef012345678912345678', '10.0.0.2'))).toBe(
      'Root=1-67891233-abcdef012345678912345678',
    );
  });

  it('makes its own for anyone else, for a missing id and for a malformed one', () => {
    expect(fromProxy(request('client-chosen', '203.0.113.9'))).toMatch(UUID);
    expect(fromProxy(request(undefined, '10.0.0.2'))).toMatch(UUID);
    for (const bad of ['', 'a b', 'x"y', 'line\nbreak', 'x'.repeat(129)]) {
      expect(isWellFormedRequestId(bad), bad).toBe(false);
      expect(fromProxy(request(bad, '10.0.0.2'))).toMatch(UUID);
    }
  });
});
