/**
 * axe-core on the page as it is now. The shop's law is WCAG 2.2 AA (the EU Accessibility
 * Act), so every scan runs the rules tagged up to it, and a test fails on a serious or
 * critical violation. One scan for every spec (each used to write its own, some without
 * the 2.2 rules), and a cheaper one, as the suite makes about a hundred:
 *
 * - Legacy mode: `axe.run` in the page itself. The default (runPartial in each frame, then
 *   finishRun in a blank page of the context) evaluated axe's 550 KB source three times and
 *   opened a page for every scan. Legacy mode is weaker only for cross-origin frames, and
 *   the site has none (no iframe in src/).
 * - Only the violations come with all their nodes (`resultTypes`); passes are counted.
 * - axe's minified build (580 KB) instead of the 1.3 MB one the builder injects by default:
 *   the same rules, about 100 ms less to parse and compile in every scanned page.
 * - Every element is laid out for the scan (`content-visibility: visible`). The locator's
 *   rows skip layout and paint until scrolled near (stations.css), and axe's contrast rule
 *   reads the colours under an element with elementsFromPoint, which does not hit a skipped
 *   row: it measured a station link "on" the badge of the row painted where the link would
 *   be (1.28, in CI, twice in a row). A known axe limit, dequelabs/axe-core#2768, still open.
 *   Laid out, every row is measured with its own colours: nothing is exempted.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface SeriousViolation {
  id: string;
  impact: string;
  help: string;
  /** Each node's selector, with what failed. */
  nodes: string[];
}

/** The serious and critical violations on the page, or in the part `include` selects. */
export async function seriousViolations(page: Page, options: { include?: string } = {}): Promise<SeriousViolation[]> {
  // options() first: it replaces what withTags() sets.
  const builder = new AxeBuilder({ page, axeSource }).options({ resultTypes: ['violations'] }).withTags(WCAG_22_AA);
  if (options.include) builder.include(options.include);
  // A constructed stylesheet: the site's CSP refuses an inline <style> (addStyleTag), not CSSOM.
  const layout = await page.evaluateHandle(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('* { content-visibility: visible !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return sheet;
  });
  // The layout must hold, or the scan would measure skipped rows again without a word.
  const probe = await page.evaluate(() => {
    const element = document.createElement('div');
    element.style.contentVisibility = 'auto';
    document.body.append(element);
    const applied = getComputedStyle(element).contentVisibility;
    element.remove();
    return applied;
  });
  expect(probe, 'the scan lays out every element').toBe('visible');
  const results = await builder.setLegacyMode(true).analyze();
  await layout.evaluate((sheet) => {
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
  });
  // Guard against an empty scan (axe not injected, a blank page) passing silently.
  expect(results.passes.length, 'axe checked nothing').toBeGreaterThan(0);
  return results.violations.flatMap((violation) =>
    violation.impact === 'serious' || violation.impact === 'critical'
      ? [
          {
            id: violation.id,
            impact: violation.impact,
            help: violation.help,
            nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
          },
        ]
      : [],
  );
}

/** Fails with `what` and every serious or critical violation, if there is one. */
export async function expectNoSeriousViolations(
  page: Page,
  what = 'axe',
  options: { include?: string } = {},
): Promise<void> {
  const serious = await seriousViolations(page, options);
  expect(serious, `${what}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}
