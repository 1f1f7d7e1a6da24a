/**
 * A station page opened on another day than the server rendered it (around midnight, or a
 * page the service worker saved yesterday): hydration takes "today" from the server's
 * render, so the two agree, and the page then shows the browser's own day.
 */
import { expect, test } from '@playwright/test';
import { waitForHydration } from './support/page-helpers';

const STATION = '/asemat/helsinki-teollisuuskatu';
const DAY_MS = 24 * 60 * 60 * 1000;

interface DayHours {
  date: string;
  openHours: Array<{ startTime: string; endTime: string }>;
}

/** The station's dated opening hours from its payload. */
function openingHours(value: unknown): DayHours[] {
  if (Array.isArray(value)) return value.flatMap(openingHours);
  if (!value || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  if (Array.isArray(record.openingHours)) return record.openingHours as DayHours[];
  return Object.values(record).flatMap(openingHours);
}

const helsinkiDate = (time: number) => new Date(time).toLocaleDateString('sv-SE', { timeZone: 'Europe/Helsinki' });
const hoursOf = (days: DayHours[], date: string) => JSON.stringify(days.find((day) => day.date === date)?.openHours);

test('a station page hydrates on another day than it was rendered, then shows that day', async ({ page, request }) => {
  const days = openingHours(await (await request.get(`${STATION}/_payload.json`)).json());
  const now = Date.now();
  // The first later day whose hours differ from today's: the server's HTML and the browser's day then differ.
  const offset = [1, 2, 3, 4, 5, 6].find(
    (n) => hoursOf(days, helsinkiDate(now + n * DAY_MS)) !== hoursOf(days, helsinkiDate(now)),
  );
  expect(offset, 'the seed station has the same hours all week').toBeDefined();
  const browserDay = days.find((day) => day.date === helsinkiDate(now + offset! * DAY_MS))!;
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.clock.install({ time: now + offset! * DAY_MS });

  await page.goto(STATION);
  await waitForHydration(page);
  // After hydration the browser's day: its opening time on the "today" line.
  await expect(page.locator('.station-page__today')).toContainText(browserDay.openHours[0]!.startTime.slice(0, 5));
  expect(problems.filter((text) => /hydrat|#418|#423|#425|did not match/i.test(text))).toEqual([]);
});
