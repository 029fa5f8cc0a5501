// axe-core in the page under test, with every rule it has: the accessibility tour
// (e2e/accessibility.test.ts) and the files that check a screen of their own use this one check.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type Axe from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The one rule whose violations do not count: AAA contrast. */
const allowed = new Set(['color-contrast-enhanced']);

/**
 * Serious and critical violations of every axe rule (experimental and AAA ones included, which
 * axe leaves off by default), as "rule: target: summary" lines.
 */
export const axeViolations = async (page: Page): Promise<string[]> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof Axe }).axe;
    const rules = Object.fromEntries(
      axe.getRules().map(({ ruleId }) => [ruleId, { enabled: true }]),
    );
    const result = await axe.run(document, { rules, resultTypes: ['violations'] });
    return result.violations.flatMap((violation) =>
      violation.nodes.map((node) => ({
        id: violation.id,
        impact: node.impact ?? violation.impact ?? null,
        line: `${violation.id}: ${node.target.join(' ')}: ${node.failureSummary ?? ''}`,
      })),
    );
  });
  return found
    .filter(({ id, impact }) => !allowed.has(id) && (impact === 'serious' || impact === 'critical'))
    .map(({ line }) => line);
};
