/**
 * Accessibility: axe-core finds no serious or critical WCAG 2.2 AA violation on an
 * article page and the error page in each locale, on a phone (390 px) and a desktop
 * (1280 px). The landing pages are covered by a11y.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { samplePages } from './support/crawl';
import { waitForHydration } from './support/page-helpers';
import { seriousViolations } from './support/axe';

const PAGES = samplePages().filter((page) => page.name !== 'landing');
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

// One load per page, scanned at 390 px and then, resized, at 1280 px (see a11y.spec.ts).
for (const sample of PAGES) {
  test(`${sample.locale} ${sample.name} ${sample.path} has no serious or critical violations at 390 and 1280 px`, async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS[0]!);
    const response = await page.goto(sample.path);
    // An article that 404s would be checked as an error page and pass unnoticed.
    expect(response?.status(), `${sample.path} status`).toBe(sample.status);
    await waitForHydration(page);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const violations = await seriousViolations(page);
      expect(violations, `${sample.path} at ${viewport.width} px:\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
    }
  });
}
