/**
 * The alert rules shipped for operators (deploy/prometheus/alerts.yml, docs/operations.md
 * "Alerts"): Prometheus' own checker accepts them, and each rule is complete, has its
 * runbook line in the operator page and reads only metrics the page lists. promtool comes
 * with Debian's `prometheus` package (.ci/run installs it); without it the promtool check
 * is skipped with a message, except in CI, where it fails.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const RULES_FILE = 'deploy/prometheus/alerts.yml';
const OPERATIONS = readFileSync('docs/operations.md', 'utf8');

interface Rule {
  alert?: string;
  expr?: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

const rules = (
  parse(readFileSync(RULES_FILE, 'utf8')) as { groups: Array<{ name: string; rules: Rule[] }> }
).groups.flatMap((group) => group.rules);

const inCi = !['', '0', 'false', undefined].includes(process.env.CI);
const promtool = process.env.PROMTOOL ?? 'promtool';
const hasPromtool = spawnSync(promtool, ['--version']).status === 0;

describe('alert rules', () => {
  it('are 5 to 8 complete alerts with unique names', () => {
    expect(rules.length).toBeGreaterThanOrEqual(5);
    expect(rules.length).toBeLessThanOrEqual(8);
    expect(new Set(rules.map((rule) => rule.alert)).size).toBe(rules.length);
    for (const rule of rules) {
      expect(rule.alert, JSON.stringify(rule)).toMatch(/^St1[A-Za-z]+$/);
      expect(rule.expr?.trim(), rule.alert).toBeTruthy();
      if (rule.for !== undefined) expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
      expect(['page', 'ticket'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      expect(rule.annotations?.runbook, rule.alert).toBe(`docs/operations.md#alerts (${rule.alert})`);
    }
  });

  it('each have a runbook line in docs/operations.md and read only metrics it lists', () => {
    const alertsSection = OPERATIONS.split('### Alerts')[1] ?? '';
    const metricsSection = OPERATIONS.split('### Metrics')[1]?.split('### Alerts')[0] ?? '';
    for (const rule of rules) {
      expect(alertsSection, rule.alert).toContain(`| \`${rule.alert}\` |`);
      for (const metric of rule.expr!.match(/\b(?:st1|http)_[a-z_]+/g) ?? []) {
        const base = metric.replace(/_(?:bucket|count|sum)$/, '');
        expect(metricsSection, `${rule.alert} reads ${metric}`).toContain(`\`${base}`);
      }
    }
  });

  it.skipIf(!hasPromtool && !inCi)('pass promtool check rules', () => {
    if (!hasPromtool) throw new Error('promtool is missing (apt-get install -y prometheus, or set PROMTOOL)');
    const output = execFileSync(promtool, ['check', 'rules', RULES_FILE], { encoding: 'utf8' });
    expect(output).toContain(`SUCCESS: ${rules.length} rules found`);
  });
});

if (!hasPromtool && !inCi)
  console.warn(
    'promtool check skipped: not in CI (CI is unset) and no promtool (apt-get install -y prometheus, or set PROMTOOL)',
  );
