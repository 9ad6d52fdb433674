// Progressive hydration of a server-rendered page. Hydrating a whole list page in one go holds a phone's main
// thread for hundreds of milliseconds (issue 14: total blocking time < 200 ms), and Preact hydrates in one
// synchronous pass. A part wrapped in <HydrateLater> suspends during that pass instead: Preact keeps the server's
// DOM of a part that suspends while hydrating, so the person sees no change, and each deferred part hydrates in a
// task of its own, one after another, right after the first pass. Outside the first hydration (the server's
// render, client-side navigation, the signed-in shell) it renders its children at once.
// The wrapped children must draw one root element: that is the node Preact keeps for a suspended part.
import { Suspense, useState, type ReactNode } from 'react';

let hydrating = false;
let queue: Promise<void> = Promise.resolve();

// A macrotask, so the browser can paint and answer a tap between two deferred parts.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

type Gate = { open: boolean; opened: Promise<void> };

function deferredGate(): Gate {
  const gate: Gate = { open: false, opened: Promise.resolve() };
  queue = queue.then(nextTask).then(() => {
    gate.open = true;
  });
  gate.opened = queue;
  return gate;
}

// Runs the first hydration of server HTML; parts met during it are deferred.
export function hydrateServerHtml(run: () => void): void {
  hydrating = true;
  try {
    run();
  } finally {
    hydrating = false;
  }
}

function Deferred({ children }: { children: ReactNode }) {
  const [gate] = useState(() => (hydrating ? deferredGate() : null));
  // The thrown promise is how a part suspends: Suspense renders it again once the promise settles.
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- Suspense's protocol is a thrown promise
  if (gate && !gate.open) throw gate.opened;
  return children;
}

export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Deferred>{children}</Deferred>
    </Suspense>
  );
}
