// Runs before start, dev and test: Nocturna needs Node 24 (node:sqlite, native TypeScript type stripping).
// `npm ci` installs it as the dev dependency `node`, and npm puts node_modules/.bin first on every script's
// PATH, so this only fails when the server is started without npm on an older Node, or before `npm ci`.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Nocturna necesita Node.js 24 LTS o superior (tienes ${process.versions.node}).\n` +
      'Ejecuta `npm ci` (instala Node 24 en node_modules/.bin) y arranca con `npm start` o `npm test`;\n' +
      'o instala Node 24 con `nvm install 24` (el repositorio trae .nvmrc).',
  );
  process.exit(1);
}
