// axe-core run inside the page: its serious and critical accessibility violations, one readable line each
// (rule, impact, help, the first three elements). `main` checks what a page draws; `document` the whole shell.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeResult = {
  violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
};

export async function seriousViolations(page: Page, scope: 'main' | 'document' = 'main'): Promise<string[]> {
  // Evaluated through the DevTools protocol: an inline <script> would be refused by the page's CSP, as it should.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (where) => {
    const axe = (window as unknown as { axe: { run: (ctx: object, opts: object) => Promise<AxeResult> } })
      .axe;
    const result = await axe.run(where === 'main' ? { include: [['main']] } : document, {
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  }, scope);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} @ ${v.targets.join(', ')}`);
}
