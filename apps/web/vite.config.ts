import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

// React's API on Preact's runtime: the same components in a tenth of the bytes, so a phone on 4G parses the
// app in time (issue 14: entry JavaScript < 120 KB gzip). Both builds use it, so the server's HTML and the
// browser's hydration come from one renderer.
export const preact = [
  // Preact's compat has useSyncExternalStore itself: the shim (react-i18next's) would reach for React.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

// React Router's package sends every bundler to its development build (its exports have no production
// condition); the app's builds take the production one, without the development checks and warnings.
const reactRouterDist = path.join(
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

// `vite build` makes the browser app (dist/); `vite build --ssr src/entry-server.tsx` the server renderer of the
// public pages (dist-ssr/), which the API server loads.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    preloadBootStages(),
    // Each hashed file also as .br (quality 11) and .gz (level 9), made once here: the server sends them as they
    // are (@fastify/static preCompressed) instead of compressing a public page's ~60 scripts again for every
    // visitor, at the fast quality on-the-fly compression must use (issue 14).
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
  resolve: { alias: [...preact, { find: /^react-router$/, replacement: reactRouterDist }] },
  // Bundled into the server renderer so that every React import in a dependency meets the alias too.
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
    // the page's modules before hydrating, and adding their ~45 links cost a phone ~35 ms in that task (issue 14).
    // A module's own imports are fetched as soon as it arrives.
    modulePreload: false,
  },
}));
