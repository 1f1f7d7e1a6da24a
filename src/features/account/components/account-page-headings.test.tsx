// @vitest-environment happy-dom
/**
 * An account page's h1 is its CMS title (cms-page.tsx); the view under it must not name the
 * page again. The cards and orders views began with an h2 of their own title, the same
 * words as the h1 in every locale ("My cards" twice), so a screen reader's list of headings
 * said the page's name twice and the view's own parts (an order) sat a level too deep.
 * Checked against the seed pages in content/pages, in all four locales.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountBlock } from '#shared/content-schema';
import { LOCALES } from '#shared/locales';
import { session } from '@/ui/session-store';
import { fetchOrders } from '../api/account-api';
import { ensureSessionChecked, loadCustomer, sessionCheck } from '../session/session-actions';
import { renderAccountView, TEST_USER } from './account-test-support';
import { CardsView } from './cards-view';
import { HubView } from './hub-view';
import { MyDetailsView } from './my-details-view';
import { OrdersView } from './orders-view';

vi.mock('../api/account-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/account-api')>()),
  fetchOrders: vi.fn(),
}));
vi.mock('../session/session-actions', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../session/session-actions')>()),
  loadCustomer: vi.fn(),
  ensureSessionChecked: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(fetchOrders)
    .mockReset()
    .mockResolvedValue([
      {
        id: '1001',
        createdAt: '2026-11-20T10:00:00Z',
        status: 'paid',
        totalWithTax: 12,
        currency: 'EUR',
        items: [{ code: 'wash', name: 'Full wash', amount: 1 }],
        washCodes: [{ code: 'ABC123', productName: 'Full wash', validUntil: null, used: false }],
      },
    ]);
  vi.mocked(loadCustomer).mockReset().mockResolvedValue(undefined);
  vi.mocked(ensureSessionChecked).mockReset().mockResolvedValue(undefined);
  session.user = {
    ...TEST_USER,
    cards: [
      {
        id: 'c1',
        kind: 'fuel',
        maskedNumber: '•••• 1234',
        holder: 'Maija Meikäläinen',
        expires: '2028-04',
        status: 'active',
      },
    ],
  };
  session.loggedIn = true;
  sessionCheck.done = true;
});
afterEach(() => {
  cleanup();
  session.user = null;
  session.loggedIn = false;
  sessionCheck.done = false;
});

type SeedPage = { locales: Record<string, { title: string; body: Array<{ type: string; view?: string }> }> };
const seeds = import.meta.glob<SeedPage>('../../../../content/pages/account-*.json', {
  eager: true,
  import: 'default',
});

const VIEWS: Partial<Record<AccountBlock['view'], () => ReactElement>> = {
  hub: () => <HubView />,
  myPages: () => <MyDetailsView />,
  cards: () => <CardsView />,
  orders: () => <OrdersView />,
};

/** The seed pages of the views above, one row per locale: [view, locale, page title]. */
const cases = Object.values(seeds).flatMap((seed) =>
  LOCALES.flatMap((locale) => {
    const page = seed.locales[locale];
    const view = page?.body.find((block) => block.type === 'account')?.view as AccountBlock['view'] | undefined;
    return page && view && VIEWS[view] ? [[view, locale, page.title] as const] : [];
  }),
);

describe('account pages name themselves once', () => {
  it('covers the logged-in views of the seed in every locale', () => {
    expect(new Set(cases.map(([view]) => view))).toEqual(new Set(['hub', 'myPages', 'cards', 'orders']));
    expect(cases).toHaveLength(4 * LOCALES.length);
  });

  it.each(cases)('%s in %s: no heading of the view repeats the page title "%s"', async (view, locale, title) => {
    await renderAccountView(VIEWS[view]!(), { locale });
    // The view has drawn its content (not the loading state) once a link back or a form is there.
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    await waitFor(() => expect(screen.getAllByRole('link').length).toBeGreaterThan(0));
    const headings = screen.queryAllByRole('heading');
    expect(headings.map((heading) => heading.textContent)).not.toContain(title);
    // Under the page's h1 the view's headings start at h2.
    if (headings.length > 0) expect(headings[0]!.tagName).toBe('H2');
  });
});
