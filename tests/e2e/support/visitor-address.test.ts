import { isIPv6 } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import { describe, expect, it } from 'vitest';
import { visitorAddress } from './visitor-address';

describe('visitorAddress', () => {
  it('gives each test, repeat and retry its own address in 2001:db8::/32', () => {
    const runs = [
      { testId: 'a', repeatEachIndex: 0, retry: 0 },
      { testId: 'a', repeatEachIndex: 0, retry: 1 },
      { testId: 'a', repeatEachIndex: 1, retry: 0 },
      { testId: 'b', repeatEachIndex: 0, retry: 0 },
    ];
    const addresses = runs.map(visitorAddress);
    expect(new Set(addresses).size).toBe(runs.length);
    const documentation = proxyAddr.compile(['2001:db8::/32']);
    for (const address of addresses) {
      expect(isIPv6(address), address).toBe(true);
      expect(documentation(address, 0), address).toBe(true);
    }
    expect(visitorAddress(runs[0]!)).toBe(addresses[0]);
  });
});
