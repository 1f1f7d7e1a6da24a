import { createHash } from 'node:crypto';
import type { test as baseTest, TestInfo } from '@playwright/test';

/**
 * Each test of a spec as a visitor with an address of its own.
 *
 * The site server limits logins, account requests and form posts per address
 * (`RATE_LIMITS`, server/site/routes/account.ts), and every test reaches the e2e server
 * from 127.0.0.1: the specs that log in, register, reset passwords or post forms shared one
 * allowance, so a login in a busy minute got a 429 and the header stayed "Log in"
 * (customer-polish and shop-launch-audit in CI; account specs repeated twice hit
 * "Too many attempts" every time). A real site has one address per visitor: the e2e server
 * trusts its loopback peer as a proxy (TRUST_PROXY in playwright.config.ts, as behind a load
 * balancer or a CDN) and these tests send X-Forwarded-For with an address of their own.
 * A test of the limits themselves makes its attempts inside one test, from one address.
 */
export function eachTestFromItsOwnAddress(test: typeof baseTest): void {
  test.beforeEach(async ({ context }, testInfo) => {
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(testInfo) });
  });
}

/** An address of the documentation range 2001:db8::/32, one per test, repeat and retry. */
export function visitorAddress(testInfo: Pick<TestInfo, 'testId' | 'repeatEachIndex' | 'retry'>): string {
  const digest = createHash('sha256')
    .update(`${testInfo.testId}/${testInfo.repeatEachIndex}/${testInfo.retry}`)
    .digest('hex');
  const groups = digest.slice(0, 24).match(/.{4}/g)!;
  return `2001:db8:${groups.join(':')}`;
}
