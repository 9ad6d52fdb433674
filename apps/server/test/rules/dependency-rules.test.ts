// The repository's dependency rules (.dependency-cruiser.cjs, run by `npm run deps:check` in CI) refuse two features
// that import each other, and a server feature that reaches another past its index.ts. Each rule is run here over a small tree of planted features in a temporary folder, laid out
// like the apps, so a rule that stopped matching (a changed path, a wrong scope) fails this test instead of letting
// every later cycle through.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  cruise,
  type ICruiseOptions,
  type IFlattenedRuleSet,
  type IForbiddenRuleType,
} from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const config = require('../../../../.dependency-cruiser.cjs') as {
  forbidden: IForbiddenRuleType[];
  options: { enhancedResolveOptions: ICruiseOptions['enhancedResolveOptions'] };
};

let root: string | undefined;
afterEach(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
  root = undefined;
});

// Writes the files (path → the features it imports, by path) and returns the rules they break, by name.
async function violationsOf(files: Record<string, string[]>): Promise<string[]> {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-deps-'));
  for (const [file, imports] of Object.entries(files)) {
    const full = path.join(root, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    const lines = imports.map((target, i) => {
      const relative = path.relative(path.dirname(full), path.join(root!, target));
      return `import { value as v${i} } from '${relative.startsWith('.') ? relative : `./${relative}`}';`;
    });
    fs.writeFileSync(full, `${lines.join('\n')}\nexport const value = 1;\n`);
  }
  const ruleSet = { forbidden: config.forbidden } as IFlattenedRuleSet;
  // The planted imports are used by nothing, which TypeScript would leave out of the compiled file: the imports are
  // read as written, as `npm run deps:check` reads them.
  const result = await cruise(['apps'], {
    baseDir: root,
    validate: true,
    ruleSet,
    tsPreCompilationDeps: true,
    enhancedResolveOptions: config.options.enhancedResolveOptions,
  });
  const output = result.output as { summary: { violations: { rule: { name: string } }[] } };
  return [...new Set(output.summary.violations.map((v) => v.rule.name))].sort();
}

describe('the dependency rules', () => {
  it('refuse two server features that import each other', async () => {
    const violations = await violationsOf({
      'apps/server/src/features/tickets/index.ts': ['apps/server/src/features/promoters/index.ts'],
      'apps/server/src/features/promoters/index.ts': [],
      'apps/server/src/features/promoters/guest-lists.ts': ['apps/server/src/features/tickets/index.ts'],
    });
    expect(violations).toEqual(['server-features-not-mutual']);
  });

  it("refuse a server feature that reaches into another's service or repository", async () => {
    const violations = await violationsOf({
      'apps/server/src/features/promoters/guest-lists.ts': ['apps/server/src/features/tickets/service.ts'],
      'apps/server/src/features/checkin/service.ts': ['apps/server/src/features/tickets/repository.ts'],
      'apps/server/src/features/tickets/service.ts': [],
      'apps/server/src/features/tickets/repository.ts': [],
    });
    expect(violations).toEqual(['server-feature-through-public-entry']);
  });

  it('refuse a ring of three server features', async () => {
    const violations = await violationsOf({
      'apps/server/src/features/checkin/service.ts': ['apps/server/src/features/tickets/index.ts'],
      'apps/server/src/features/tickets/index.ts': ['apps/server/src/features/club-staff/index.ts'],
      'apps/server/src/features/club-staff/index.ts': ['apps/server/src/features/checkin/index.ts'],
      'apps/server/src/features/checkin/index.ts': [],
    });
    expect(violations).toEqual(['server-features-not-mutual']);
  });

  it('refuse two web features whose files import each other, a test among them', async () => {
    const violations = await violationsOf({
      'apps/web/src/features/tickets/api/keep.ts': ['apps/web/src/features/auth/api/signing-out.ts'],
      'apps/web/src/features/auth/api/signing-out.ts': [],
      'apps/web/src/features/auth/api/sign-out.test.ts': ['apps/web/src/features/tickets/api/keep.ts'],
    });
    expect(violations).toEqual(['web-features-not-mutual']);
  });

  it("refuse the web app's shell reaching past a feature's index.ts", async () => {
    const violations = await violationsOf({
      'apps/web/src/app/shell/app-shell.tsx': [
        'apps/web/src/features/door/index.ts',
        'apps/web/src/features/door/offline/door-store.ts',
      ],
      'apps/web/src/features/door/index.ts': ['apps/web/src/features/door/offline/door-store.ts'],
      'apps/web/src/features/door/offline/door-store.ts': [],
    });
    expect(violations).toEqual(['web-app-through-feature-index']);
  });

  it("refuse the server's code loading a test fixture, and let a test beside a feature load it", async () => {
    const refused = await violationsOf({
      'apps/server/src/features/tickets/service.ts': ['apps/server/test/ticket-fixture.ts'],
      'apps/server/test/ticket-fixture.ts': [],
    });
    expect(refused).toEqual(['server-code-imports-no-test']);
    const allowed = await violationsOf({
      'apps/server/src/features/tickets/tickets-sale.test.ts': [
        'apps/server/test/ticket-fixture.ts',
        'apps/server/src/features/tickets/service.ts',
      ],
      'apps/server/src/features/tickets/service.ts': [],
      'apps/server/test/ticket-fixture.ts': [],
    });
    expect(allowed).toEqual([]);
  });

  it('let one feature use another that does not use it back', async () => {
    const violations = await violationsOf({
      'apps/server/src/features/promoters/guest-lists.ts': ['apps/server/src/features/tickets/index.ts'],
      'apps/server/src/features/tickets/index.ts': ['apps/server/src/features/attribution/index.ts'],
      'apps/server/src/features/attribution/index.ts': [],
      'apps/web/src/features/tickets/api/keep.ts': ['apps/web/src/features/auth/api/signing-out.ts'],
      'apps/web/src/features/auth/api/signing-out.ts': [],
      'apps/web/src/app/shell/app-shell.tsx': ['apps/web/src/features/tickets/index.ts'],
      'apps/web/src/features/tickets/index.ts': ['apps/web/src/features/tickets/api/keep.ts'],
    });
    expect(violations).toEqual([]);
  });
});
