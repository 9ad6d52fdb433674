// The browser's entry. It is small on purpose: the app starts in stages (src/boot/), each a module evaluated in a
// task of its own, so a phone's main thread is never held for the whole app's code in one go (total
// blocking time). The built index.html preloads every stage's chunk with the entry (vite.config.ts), so the stages
// wait on no network.
import './index.css';
import type { DehydratedState } from '@tanstack/react-query';
import { QUERY_STATE_GLOBAL } from './ssr/query-state.ts';

declare global {
  interface Window {
    [QUERY_STATE_GLOBAL]?: DehydratedState;
  }
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  const root = document.getElementById('root')!;
  const dehydrated = window[QUERY_STATE_GLOBAL];
  const { loadAllStrings, startI18n, warmTranslations } = await import('./boot/strings.ts');
  if (!dehydrated) {
    // The app shell (signed-in pages, offline, development): drawn in the browser.
    await startI18n();
    (await import('./boot/app.tsx')).drawApp(root);
    return;
  }
  // Each step before hydrating runs in a task of its own: the strings, the query cache, the router's code, the
  // page's route modules, a first translation, the router.
  await nextTask();
  const strings = startI18n();
  await nextTask();
  const { hydrateQueries } = await import('./boot/queries.ts');
  await nextTask();
  hydrateQueries(dehydrated);
  await nextTask();
  const boot = await import('./boot/app.tsx');
  await nextTask();
  const routesLoaded = boot.loadMatchedRoutes();
  await Promise.all([strings, routesLoaded]);
  await nextTask();
  warmTranslations();
  await nextTask();
  const router = boot.serverPageRouter();
  await nextTask();
  boot.hydrateApp(root, router, loadAllStrings());
}

void start();
