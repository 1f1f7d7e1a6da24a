// Tests of shared rules may use Node (tsconfig.app.json); the spec text is read from docs/spec.md.
// eslint-disable-next-line no-restricted-imports -- test-only file read, never bundled
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CART_STATUSES,
  NOTIFICATION_TYPES,
  ORDER_STATUSES,
  PAYMENT_RESULT_STATUSES,
  PAYMENT_STATUSES,
  USER_STATUS_HEADER,
  USER_STATUSES,
} from './states';

const spec = readFileSync(new URL('../../../docs/spec.md', import.meta.url), 'utf8');

const states = (() => {
  const start = spec.indexOf('\n## 4. ');
  return spec.slice(start, spec.indexOf('\n## ', start + 1));
})();

describe('states of docs/spec.md §4', () => {
  it('the session turns authorized on the user-status header AUTHORIZED', () => {
    expect(states).toContain(`${USER_STATUS_HEADER} ${USER_STATUSES[0]}`);
    expect(USER_STATUSES).toEqual(['AUTHORIZED', 'UNAUTHORIZED']);
  });

  it('notification types are the four of the spec, success first (the default)', () => {
    const listed = /types ([a-z]+(?:, [a-z]+)*)\./.exec(states)?.[1]?.split(', ');
    expect(listed).toEqual([...NOTIFICATION_TYPES]);
    expect(states).toContain(`type default ${NOTIFICATION_TYPES[0]}`);
  });

  it('each list names distinct states', () => {
    for (const list of [USER_STATUSES, CART_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES, NOTIFICATION_TYPES]) {
      expect(new Set(list).size).toBe(list.length);
    }
  });

  it('a payment is created, then takes one of the gateway decisions', () => {
    expect(PAYMENT_STATUSES).toEqual(['created', ...PAYMENT_RESULT_STATUSES]);
  });
});
