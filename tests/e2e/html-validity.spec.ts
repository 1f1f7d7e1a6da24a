/**
 * Valid markup: the server-rendered HTML of the landing page, an article and the
 * error page validates in every locale (W3C Nu Html Checker from vnu-jar, Java 17):
 * no errors; warnings are allowed and only printed.
 */
import { expect, test } from '@playwright/test';
import { samplePages } from './support/crawl';
import { formatErrors, validateHtml, type VnuDocument } from './support/vnu';

const PAGES = samplePages();

test('server-rendered HTML of landing, article and 404 pages validates in every locale', async ({ request }) => {
  // One JVM for all twelve documents: ~5–10 s on an idle 2-core machine, up to a minute
  // on a loaded one.
  test.setTimeout(180_000);
  const documents: VnuDocument[] = [];
  for (const page of PAGES) {
    const response = await request.get(page.path, {
      maxRedirects: 0,
      // A crawler's user agent: '/' then answers the page instead of the locale redirect.
      headers: { 'user-agent': 'st1-html-validity/1.0 (+validator bot)' },
    });
    expect(response.status(), `${page.path} status`).toBe(page.status);
    expect(response.headers()['content-type'], `${page.path} content type`).toContain('text/html');
    documents.push({ name: `${page.locale} ${page.name} ${page.path}`, html: await response.text() });
  }

  const results = await validateHtml(documents);
  const report: string[] = [];
  for (const [name, messages] of results) {
    const warnings = messages.filter((message) => message.type === 'info' && message.subType === 'warning');
    if (warnings.length)
      console.log(`${name}: ${warnings.length} warning(s): ${warnings.map((w) => w.message).join(' | ')}`);
    const errors = formatErrors(messages);
    if (errors.length)
      report.push(`${name}: ${errors.length} error(s)\n${errors.map((line) => `    ${line}`).join('\n')}`);
  }
  expect(results.size, 'documents checked').toBe(PAGES.length);
  expect(report, `HTML validation errors (W3C Nu checker):\n${report.join('\n')}`).toEqual([]);
});
