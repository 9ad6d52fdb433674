import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

// React Router's package sends every bundler to its development build (its exports have no production
// condition); `vite build` (browser and server renderer) takes the production one, without the development checks
// and warnings. The development server and the unit tests keep the development build and its warnings.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// The entry starts the app in stages (src/boot/, each imported by main.tsx in a task of its own): the built
// index.html preloads their chunks and the chunks they import, after the stylesheet, so no stage waits on the
// network and the service worker keeps them with the shell (it keeps the assets index.html names).
function preloadBootStages(): Plugin {
  return {
    name: 'nocturna:preload-boot-stages',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = new Map(
          Object.values(bundle)
            .filter((output): output is Rollup.OutputChunk => output.type === 'chunk')
            .map((chunk) => [chunk.fileName, chunk]),
        );
        const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
        if (!entry) return [];
        // The entry's static imports, its dynamic ones (the stages: main.tsx imports nothing else later) and
        // theirs.
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file) || file === entry.fileName) return;
          files.add(file);
          chunks.get(file)?.imports.forEach(visit);
        };
        [...entry.imports, ...entry.dynamicImports].forEach(visit);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

// The pages that must open without signal: the wallet (a ticket's QR at the door) and the door itself. Every other
// page's module is left out of the service worker's install (they load online, and the router shows "Sin conexión"
// for them offline), so the install stays small on a phone's network.
const OFFLINE_PAGES = [
  'src/features/tickets/tickets-page.tsx',
  'src/features/door/door-events-page.tsx',
  'src/features/door/door-page.tsx',
];
const PAGE_MODULE = /\/src\/(features\/[^/]+\/[^/]+-page|app\/not-found-page)\.tsx$/;
const OFFLINE_FILES_MARKER = /const OFFLINE_FILES = \[[^\]]*\];/;

// The service worker (public/sw.js) precaches at install every file the app needs to open the wallet and the door
// offline: the entry, the shell, the error and offline screens, every language's strings, the auth gate and
// better-auth's client, those pages and everything they load, statically or lazily. That is the whole module graph
// from the entry, except the other pages' chunks (and what only they load). The list is written into the built
// sw.js, so a deploy that changes it changes the worker, which the browser then installs again.
function precacheOfflinePages(): Plugin {
  let files: string[] = [];
  let outDir = '';
  return {
    name: 'nocturna:precache-offline-pages',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((output): output is Rollup.OutputChunk => output.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) return;
      const otherPage = (chunk: Rollup.OutputChunk) =>
        Boolean(chunk.facadeModuleId) &&
        PAGE_MODULE.test(chunk.facadeModuleId!) &&
        !OFFLINE_PAGES.some((page) => chunk.facadeModuleId!.endsWith(`/${page}`));
      const found = new Set<string>();
      const visit = (file: string) => {
        const chunk = chunks.get(file);
        if (!chunk || found.has(file) || otherPage(chunk)) return;
        found.add(file);
        for (const css of chunk.viteMetadata?.importedCss ?? []) found.add(css);
        for (const asset of chunk.viteMetadata?.importedAssets ?? []) found.add(asset);
        [...chunk.imports, ...chunk.dynamicImports].forEach(visit);
      };
      visit(entry.fileName);
      const missing = OFFLINE_PAGES.filter(
        (page) =>
          ![...chunks.values()].some((c) => c.facadeModuleId?.endsWith(`/${page}`) && found.has(c.fileName)),
      );
      if (missing.length) this.error(`offline pages not reachable from the entry: ${missing.join(', ')}`);
      files = [...found].sort().map((file) => `/${file}`);
    },
    writeBundle() {
      const worker = path.join(outDir, 'sw.js');
      const source = fs.readFileSync(path.resolve(import.meta.dirname, 'public/sw.js'), 'utf8');
      if (!OFFLINE_FILES_MARKER.test(source))
        throw new Error('public/sw.js has no `const OFFLINE_FILES = [];`');
      fs.writeFileSync(
        worker,
        source.replace(OFFLINE_FILES_MARKER, () => `const OFFLINE_FILES = ${JSON.stringify(files)};`),
      );
    },
  };
}

// `vite build` makes the browser app (dist/); `vite build --ssr src/entry-server.tsx` the server renderer of the
// public pages (dist-ssr/), which the API server loads.
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    preloadBootStages(),
    !isSsrBuild && precacheOfflinePages(),
    // Each hashed file also as .br (quality 11) and .gz (level 9), made once here: the server sends them as they
    // are (@fastify/static preCompressed) instead of compressing a public page's ~60 scripts again for every
    // visitor, at the fast quality on-the-fly compression must use.
    !isSsrBuild &&
      compression({
        include: /(^|\/)assets\/[^/]+\.(js|css|svg|json)$/,
        algorithms: [
          defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          defineAlgorithm('gzip', { level: 9 }),
        ],
        logLevel: 'silent',
      }),
  ],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  // React's packages pick their production or development code by process.env.NODE_ENV: fixed at build time in both
  // bundles, so neither the browser nor the server renderer ever runs React's development build.
  define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  // Bundled into the server renderer (one file the API server loads, with React's production build inside it).
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    copyPublicDir: !isSsrBuild,
    // .vite/manifest.json: each module's chunk, for the modulepreload links of a server-rendered page (ssr.ts).
    manifest: !isSsrBuild,
    // No preload links added by the browser while a lazy module loads: on a server-rendered page the router loads
    // the page's modules before hydrating, and adding their ~45 links cost a phone ~35 ms in that task.
    // A module's own imports are fetched as soon as it arrives.
    modulePreload: false,
    // The map page's chunk (MapLibre, about 1.1 MB before compression) is the one file over Vite's 500 kB warning:
    // it loads only on /explorar's map, never on the first load.
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod's sources carry /*@__PURE__*/ comments where Rollup cannot use them; Rollup drops them, and says so
        // twice per build. Nothing of ours.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        // The server renderer imports every catalogue at once (i18n/index.ts) beside the browser's lazy English
        // chunks in the same module: in that bundle the lazy imports are meant to stay plain imports.
        if (
          isSsrBuild &&
          warning.plugin === 'vite:reporter' &&
          /\/i18n\/locales\/en\/.*dynamically imported/.test(warning.message)
        )
          return;
        warn(warning);
      },
    },
  },
}));
