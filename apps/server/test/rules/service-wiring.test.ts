// The lint rule that keeps a feature's services off the Fastify instance (eslint.config.js): a service gets what it
// needs from its feature's dependencies object, and only the feature's routes and plugins see the instance. The
// rule is asked for its configuration at real paths of the repository and run over planted files, so a rule that
// stopped matching (a renamed folder, a widened exception) fails here instead of letting every later service
// through.
import path from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const RULE = '@typescript-eslint/no-restricted-imports';
const eslint = new ESLint({ cwd: ROOT });

// The rule's findings for `code` written at `file` (relative to the repository), with the rule as configured there.
async function findings(file: string, code: string): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(path.join(ROOT, file))) as {
    rules?: Record<string, Linter.RuleEntry>;
  };
  const entry = config.rules?.[RULE];
  const severity: unknown = Array.isArray(entry) ? entry[0] : entry;
  if (severity === undefined || severity === 'off' || severity === 0) return [];
  const messages = new Linter({ configType: 'flat' }).verify(
    code,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { '@typescript-eslint': tseslint.plugin },
        rules: { [RULE]: entry },
      },
    ],
    path.join(ROOT, file),
  );
  return messages.map((m) => m.message);
}

const SERVICE = `import type { FastifyInstance } from 'fastify';
export async function listThings(app: FastifyInstance) {
  return app.db.selectFrom('things').selectAll().execute();
}
`;

describe('the service wiring rule', () => {
  it("refuses a feature's service, repository or helper that takes the Fastify instance", async () => {
    for (const file of [
      'apps/server/src/features/checkin/service.ts',
      'apps/server/src/features/accounts/data-export.ts',
      'apps/server/src/features/management/events/service.ts',
    ]) {
      const found = await findings(file, SERVICE);
      expect(found, file).toHaveLength(1);
      expect(found[0]).toContain("feature's dependencies object");
    }
  });

  it('lets the code that registers a feature, its routes and plugins, see the instance', async () => {
    for (const file of [
      'apps/server/src/features/checkin/routes.ts',
      'apps/server/src/features/accounts/settings-routes.ts',
      'apps/server/src/features/reminders/plugin.ts',
    ])
      expect(await findings(file, SERVICE), file).toEqual([]);
  });

  it('lets a service import the types it needs from fastify other than the instance', async () => {
    const code = `import type { FastifyBaseLogger } from 'fastify';\nexport const log = (l: FastifyBaseLogger) => l.info('x');\n`;
    expect(await findings('apps/server/src/features/checkin/service.ts', code)).toEqual([]);
  });
});
