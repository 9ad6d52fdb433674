// Feature boundaries and layering, checked by `npm run deps:check` (and CI) rather than remembered.
//
// Server (apps/server/src):
//   - realtime/, db/, http/, auth/, storage/, jobs/ are the platform: they never import a feature. Features register
//     their routes, socket handlers and listeners with the platform, not the reverse.
//   - a feature reaches another feature only through its public entry: service.ts or index.ts.
// Web (apps/web/src):
//   - components/, lib/, i18n/ never import a feature or the app shell.
//   - a feature reaches another feature only through its index.ts or its api/ hooks.
// Everywhere: no import cycles; packages/shared imports nothing from the apps.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make load order matter and features inseparable.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-platform-imports-no-feature',
      severity: 'error',
      comment:
        'realtime/, db/, http/, auth/, storage/ and jobs/ sit under the features: a feature registers itself with them.',
      from: { path: '^apps/server/src/(realtime|db|http|auth|storage|jobs)/' },
      to: { path: '^apps/server/src/features/' },
    },
    {
      name: 'server-feature-through-public-entry',
      severity: 'error',
      comment:
        'A feature uses another feature only through its index.ts, its public face, never its internals.',
      from: { path: '^apps/server/src/features/([^/]+)/' },
      to: {
        path: '^apps/server/src/features/([^/]+)/',
        pathNot: ['^apps/server/src/features/$1/', '^apps/server/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-features-not-mutual',
      severity: 'error',
      comment:
        'No two server features import each other, directly or around a ring of features: one owns the concept, and the other asks it (or app.ts wires them).',
      scope: 'folder',
      from: { path: '^apps/server/src/features/' },
      to: { path: '^apps/server/src/features/', circular: true },
    },
    {
      name: 'server-code-imports-no-test',
      severity: 'error',
      comment:
        "The server's code never loads the tests' fixtures and stand-ins (apps/server/test/): only a test file beside a feature's code may.",
      from: { path: '^apps/server/src/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/test/' },
    },
    {
      name: 'web-shared-code-imports-no-feature',
      severity: 'error',
      comment: 'components/, lib/ and i18n/ are shared by every feature and must not depend on one.',
      from: { path: '^apps/web/src/(components|lib|i18n)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-feature-through-public-entry',
      severity: 'error',
      comment: 'A web feature uses another through its index.ts or its api/ data hooks, never its internals.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/([^/]+)/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/(index\\.ts|api/)'],
      },
    },
    {
      name: 'web-app-through-feature-index',
      severity: 'error',
      comment:
        "The app's shell and routes reach a feature only through its index.ts (a page it loads later is a dynamic import there).",
      from: { path: '^apps/web/src/app/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/[^/]+/index\\.ts$' },
    },
    {
      name: 'web-features-not-mutual',
      severity: 'error',
      comment:
        'No two web features import each other, directly or around a ring of features (their tests included).',
      scope: 'folder',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/features/', circular: true },
    },
    {
      name: 'shared-package-imports-no-app',
      severity: 'error',
      comment: 'packages/shared is used by both apps and depends on neither.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing is a typo or a missing dependency.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // apps/server/test/ is the shared test harness: test-app.ts builds the whole app, and its fixtures reach into
    // many features. A feature's own tests (features/<name>/*.test.ts) import it, so following it would join every
    // feature to every other at folder level and make server-features-not-mutual see rings that only the harness
    // closes. Its files are leaves here: what a test beside a feature imports from another feature is still checked.
    doNotFollow: { path: ['node_modules', '^apps/server/test/'] },
    exclude: { path: '(^|/)(node_modules|dist|dist-server)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
