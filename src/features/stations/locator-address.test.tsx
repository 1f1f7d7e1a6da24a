// @vitest-environment happy-dom
/**
 * The locator's query in its address (locator-address.ts): written to the locator's own
 * path only. The race it guards against: a station's link followed while the search words
 * wait to settle; the router's address is the station page's before the locator leaves
 * the screen, and the settled words must not land on it.
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseLocatorQuery } from './locator-query';
import { useQueryInAddress, usePathOfPage } from './locator-address';

const LOCATOR = '/en-EU/stationsearch';
const STATION = '/en-EU/stations/helsinki-sorvarinkatu';

function Locator({ page, q, words }: { page: object; q: string; words: string }) {
  const ownPath = usePathOfPage(page);
  useQueryInAddress({ ...parseLocatorQuery(''), q }, words, ownPath);
  return null;
}

const address = () => `${window.location.pathname}${window.location.search}`;

beforeEach(() => window.history.replaceState(null, '', LOCATOR));
afterEach(cleanup);

describe('useQueryInAddress', () => {
  it('writes the settled words and the view to the locator address', () => {
    const page = {};
    const view = render(<Locator page={page} q="oulu" words="" />);
    expect(address()).toBe(LOCATOR);
    view.rerender(<Locator page={page} q="oulu" words="oulu" />);
    expect(address()).toBe(`${LOCATOR}?q=oulu`);
  });

  it('writes unsettled words at once on a click, before a link navigates', () => {
    render(<Locator page={{}} q="oulu" words="" />);
    document.body.click();
    expect(address()).toBe(`${LOCATOR}?q=oulu`);
  });

  it("leaves a station page's address alone when the words settle after its link was followed", () => {
    const page = {};
    const view = render(<Locator page={page} q="sorvarinkatu" words="" />);
    document.body.click();
    // The link's navigation: the address moves on, the locator is still on screen.
    window.history.pushState(null, '', STATION);
    view.rerender(<Locator page={page} q="sorvarinkatu" words="sorvarinkatu" />);
    expect(address()).toBe(STATION);
    document.body.click();
    expect(address()).toBe(STATION);
  });

  it('follows a new page shown at a new address (another locator)', () => {
    const view = render(<Locator page={{}} q="" words="" />);
    window.history.pushState(null, '', '/asemahaku');
    view.rerender(<Locator page={{}} q="oulu" words="oulu" />);
    expect(address()).toBe('/asemahaku?q=oulu');
  });
});
