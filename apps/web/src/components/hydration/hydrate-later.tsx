// Progressive hydration of a server-rendered page. Hydrating a whole list page in one go holds a phone's main
// thread for hundreds of milliseconds (issue 14: total blocking time < 200 ms), and Preact hydrates in one
// synchronous pass. A part wrapped in <HydrateLater> suspends during that pass instead: Preact keeps the server's
// DOM of a part that suspends while hydrating, so the person sees no change, and each deferred part hydrates in a
// task of its own, one after another, right after the first pass; a part inside a deferred part waits for a task
// of its own after it. Outside the first hydration (the server's render, client-side navigation, the signed-in
// shell) it renders its children at once.
// The wrapped children must draw one root element: that is the node Preact keeps for a suspended part. A part must
// hydrate drawing what the server drew: hydrating attaches its handlers but does not change the DOM's attributes,
// so a value the browser fetches (and an earlier part may already have) switches only once the page has hydrated
// (useHydrated), in a redraw that does change them.
import { Suspense, useState, type ReactNode } from 'react';
import { markHydrated } from '../use-hydrated.ts';

type Gate = { open: boolean; opened: Promise<void> };

let hydrating = false;
let queue: Promise<void> = Promise.resolve();

// A macrotask, so the browser can paint and answer a tap between two deferred parts.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function deferredGate(): Gate {
  const gate: Gate = { open: false, opened: Promise.resolve() };
  queue = queue.then(nextTask).then(() => {
    gate.open = true;
  });
  gate.opened = queue;
  return gate;
}

// A part hidden at this screen size (`media` does not match: the desktop sidebar on a phone, the phone's bars on a
// desktop) waits until it matches: no one can see or tap it before then. The page does not wait for it.
function mediaGate(query: MediaQueryList): Gate {
  const gate: Gate = { open: false, opened: Promise.resolve() };
  gate.opened = new Promise<void>((resolve) => {
    const open = () => {
      if (!query.matches) return;
      query.removeEventListener('change', open);
      gate.open = true;
      resolve();
    };
    query.addEventListener('change', open);
  });
  return gate;
}

function gateFor(media: string | undefined): Gate | null {
  if (!hydrating) return null;
  const query = media ? window.matchMedia(media) : null;
  return query && !query.matches ? mediaGate(query) : deferredGate();
}

// Settles a task after every deferred part has hydrated, parts met inside deferred parts included (a part's own
// parts join the queue while it renders, in the task its gate opened).
async function drained(): Promise<void> {
  let last: Promise<void>;
  do {
    last = queue;
    await last;
    await nextTask();
  } while (last !== queue);
}

// Runs the first hydration of server HTML; parts met during it are deferred. A task after the last part, once
// `ready` has settled (what the browser-only values will need), the page counts as hydrated (useHydrated):
// browser-only values take over then.
export function hydrateServerHtml(run: () => void, ready: () => Promise<unknown> = async () => {}): void {
  hydrating = true;
  try {
    run();
  } finally {
    // Until the last part has hydrated: parts inside a deferred part are deferred again, each to a task of its own.
    void drained()
      .then(() => {
        hydrating = false;
        return ready();
      })
      .catch(() => undefined)
      .then(markHydrated);
  }
}

function Deferred({ gate, children }: { gate: Gate | null; children: ReactNode }) {
  // The thrown promise is how a part suspends: Suspense renders it again once the promise settles.
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- Suspense's protocol is a thrown promise
  if (gate && !gate.open) throw gate.opened;
  return children;
}

// The gate belongs to HydrateLater, which never suspends: Preact may resume the part by drawing it again or by
// mounting it afresh, and the shell may redraw it while it waits; either way the part meets the same gate.
export function HydrateLater({ children, media }: { children: ReactNode; media?: string }) {
  const [gate] = useState(() => gateFor(media));
  return (
    <Suspense fallback={null}>
      <Deferred gate={gate}>{children}</Deferred>
    </Suspense>
  );
}
