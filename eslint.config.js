// One flat config for the whole tree: typescript-eslint's type-aware rules everywhere,
// React hooks and accessibility rules for the web app, Prettier owns the formatting.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'e2e/artifacts/**',
      'bench/results/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs', '*.cjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Fastify plugins and hooks are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      // Kysely's expression builder is destructured by design (`({ exists, selectFrom }) => …`).
      '@typescript-eslint/unbound-method': 'off',
      'no-console': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // The server reads the time from one clock, so a test can pin it. A duration or a timeout measures with
    // performance.now(); the few reads that must follow another party's real clock say why with a disable comment.
    files: ['apps/server/src/**/*.ts'],
    // A feature's tests sit beside its code but are not server code: they pin the clock, and time their waits.
    ignores: ['apps/server/src/clock.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message:
            'Read the time from apps/server/src/clock.ts (clock.now()); use performance.now() for a duration.',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message:
            'Read the time from apps/server/src/clock.ts (clock.nowMs()); use performance.now() for a duration.',
        },
      ],
    },
  },
  {
    // A feature's services get what they need from one typed dependencies object, built where the feature
    // registers and passed explicitly (the door's DoorContext, tickets' TicketsContext). Only the code that
    // registers, its routes and plugins, sees the Fastify instance and its decorators.
    files: ['apps/server/src/features/**/*.ts'],
    ignores: ['**/routes.ts', '**/*-routes.ts', '**/plugin.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'fastify',
              importNames: ['FastifyInstance'],
              message:
                "A service takes the feature's dependencies object, built where its routes or plugin register, not the Fastify instance.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Only informs the React Compiler, which this app does not use.
      'react-hooks/incompatible-library': 'off',
      // The shared index re-exports every zod schema: a value taken from it puts the validation library and all
      // the API schemas into the first load. Values come from their module ('@nocturna/shared/constants', ...).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nocturna/shared',
              message:
                "Import values from their module, e.g. '@nocturna/shared/constants'; types may come from here.",
              allowTypeImports: true,
            },
          ],
        },
      ],
      // The browser's own boxes are unstyled, worded in the browser's language and block the page: the app asks
      // with ConfirmDialog (components/ui/dialog.tsx) and tells with a toast.
      'no-restricted-properties': [
        'error',
        ...['confirm', 'alert', 'prompt'].flatMap((property) =>
          ['window', 'globalThis', 'self'].map((object) => ({
            object,
            property,
            message: 'Ask with ConfirmDialog (components/ui/dialog.tsx) or tell with a toast.',
          })),
        ),
      ],
      'no-restricted-globals': [
        'error',
        ...['confirm', 'alert', 'prompt'].map((name) => ({
          name,
          message: 'Ask with ConfirmDialog (components/ui/dialog.tsx) or tell with a toast.',
        })),
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['e2e/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // Tests read JSON bodies of unknown shape (`res.json()` is any) and assert on them: that is their job.
    files: ['**/test/**/*.ts', '**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // `res.json() as Shape` names the shape the test expects; keep it readable.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  prettier,
);
