// Progressive hydration of a server-rendered page. Hydrating a whole list page in one go holds a phone's main
// thread for hundreds of milliseconds (issue 14: total blocking time < 200 ms), and Preact hydrates in one
// synchronous pass. A part wrapped in <HydrateLater> suspends during that pass instead: Preact keeps the server's
// DOM of a part that suspends while hydrating, so the person sees no change, and each deferred part hydrates in a
// task of its own, one after another, right after the first pass; a part inside a deferred part waits for a task
// of its own after it. A part that is not on or near the screen when its turn comes waits until it nears it (or
// until a finger or the keyboard reaches it): nobody can see or tap it before then, and a phone that opened the
// page only to read its top does none of that work. Outside the first hydration (the server's render, client-side
// navigation, the signed-in shell) it renders its children at once.
// The wrapped children must draw one root element: that is the node Preact keeps for a suspended part, and the one
// watched. The page's first pass attaches handlers but does not change the DOM's attributes, so a value the browser
// fetches switches only once the page has hydrated (useHydrated), in a redraw that does change them; a deferred
// part resumes on the server's nodes and sets its attributes as it draws (a test below holds Preact to that).
import { Suspense, useContext, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import {
  HydratedPartContext,
  hydratedPart,
  markHydrated,
  pageHydrated,
  type HydratedPart,
} from '../use-hydrated.ts';
import { keepSuspendedNodes, waitingNode } from './suspended-node.ts';

type Gate = { open: boolean; urgent: boolean; opened: Promise<void>; release: () => void };

let hydrating = false;
let queue: Promise<void> = Promise.resolve();

// A macrotask, so the browser can paint and answer a tap between two deferred parts.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function closedGate(): Gate {
  let resolve = () => {};
  const gate: Gate = {
    open: false,
    urgent: false,
    opened: new Promise<void>((settle) => (resolve = settle)),
    release: () => {
      if (gate.open) return;
      gate.open = true;
      resolve();
    },
  };
  keepSuspendedNodes(gate.opened);
  return gate;
}

// Whether a part may wait for the screen: its node has a box wholly below the screen (or beside it, in a row that
// scrolls sideways). A part scrolled to hydrates in the task after it appears, long before a finger can land on it
// (and a finger reaching it first hydrates it at once, see `reached`). A node with no box of its own
// (`display: contents`, a hidden panel) is never seen by an IntersectionObserver: it hydrates in its turn.
function offScreen(node: Element): boolean {
  const box = node.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return false;
  return box.top >= window.innerHeight || box.bottom <= 0 || box.left >= window.innerWidth || box.right <= 0;
}

// The deferred parts not hydrated yet, by their server node: waiting for their turn or for the screen.
const closed = new Map<Element, Gate>();
let observer: IntersectionObserver | undefined;

function opened(node: Element): void {
  closed.delete(node);
  observer?.unobserve(node);
}

// A finger or the keyboard reaching a part not hydrated yet (a tap during the first hydration, a fast fling, a tab)
// hydrates it whole at once: in the microtasks right after this event, so the click or key that follows meets its
// handlers.
function reached(event: Event): void {
  if (!(event.target instanceof Node)) return;
  for (const [node, gate] of closed) {
    if (!node.contains(event.target)) continue;
    opened(node);
    gate.urgent = true;
    gate.release();
  }
}

function watch(node: Element): void {
  if (!observer) {
    observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const near = closed.get(entry.target);
        if (!entry.isIntersecting || !near) continue;
        // Still closed until its task: a finger landing before then hydrates it at once.
        observer?.unobserve(entry.target);
        queue = queue.then(nextTask).then(() => {
          closed.delete(entry.target);
          near.release();
        });
      }
    });
  }
  observer.observe(node);
}

let listening = false;

// The part's server node is known once the render it suspended in is over.
function track(gate: Gate): void {
  queueMicrotask(() => {
    const node = waitingNode(gate.opened);
    if (!node || gate.open) return;
    closed.set(node, gate);
    if (listening) return;
    listening = true;
    for (const type of ['pointerdown', 'focusin']) document.addEventListener(type, reached, true);
  });
}

function deferredGate(): Gate {
  const gate = closedGate();
  track(gate);
  queue = queue.then(nextTask).then(() => {
    if (gate.open) return;
    const node = waitingNode(gate.opened);
    if (node && typeof IntersectionObserver !== 'undefined' && offScreen(node)) return watch(node);
    if (node) opened(node);
    gate.release();
  });
  return gate;
}

// A part hidden at this screen size (`media` does not match: the desktop sidebar on a phone, the phone's bars on a
// desktop) waits until it matches: no one can see or tap it before then. The page does not wait for it.
function mediaGate(query: MediaQueryList): Gate {
  const gate = closedGate();
  const open = () => {
    if (!query.matches) return;
    query.removeEventListener('change', open);
    gate.release();
  };
  query.addEventListener('change', open);
  return gate;
}

function gateFor(media: string | undefined, part: HydratedPart): Gate | null {
  if (part.urgent || (!hydrating && part.done)) return null;
  const query = media ? window.matchMedia(media) : null;
  return query && !query.matches ? mediaGate(query) : deferredGate();
}

// Settles a task after every deferred part on the screen has hydrated, parts met inside deferred parts included (a
// part's own parts join the queue while it renders, in the task its gate opened).
async function drained(): Promise<void> {
  let last: Promise<void>;
  do {
    last = queue;
    await last;
    await nextTask();
  } while (last !== queue);
}

// Runs the first hydration of server HTML; parts met during it are deferred. A task after the last part on the
// screen, once `ready` has settled (what the browser-only values will need), the page counts as hydrated
// (useHydrated): browser-only values take over then.
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

// The part, hydrating the server's DOM: the parts inside it are deferred again (unless it is urgent), and inside it
// the browser-only values (useHydrated, useBrowserValue) switch only after its first commit. A part that waited for
// the screen hydrates after the page counts as hydrated, and hydrating keeps the server's attributes: it must draw
// what the server drew, then redraw. Parts it mounts later (more results loaded) draw at once.
function Hydrating({ urgent, children }: { urgent: boolean; children: ReactNode }) {
  const [part] = useState(() => hydratedPart(urgent));
  // A part a finger reached, or one hydrating after the page (it waited for the screen, and a tap may follow at
  // once), takes the browser's values before any tap can land: its handlers must see the session. During the first
  // hydration, when the page's values have not switched yet either, in a redraw after the browser has painted.
  useLayoutEffect(() => {
    if (part.urgent || pageHydrated()) part.finish();
  }, [part]);
  useEffect(() => part.finish(), [part]);
  return <HydratedPartContext.Provider value={part}>{children}</HydratedPartContext.Provider>;
}

function Deferred({ gate, children }: { gate: Gate | null; children: ReactNode }) {
  // The thrown promise is how a part suspends: Suspense renders it again once the promise settles.
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- Suspense's protocol is a thrown promise
  if (gate && !gate.open) throw gate.opened;
  return gate ? <Hydrating urgent={gate.urgent}>{children}</Hydrating> : children;
}

// The gate belongs to HydrateLater, which never suspends: Preact may resume the part by drawing it again or by
// mounting it afresh, and the shell may redraw it while it waits; either way the part meets the same gate.
export function HydrateLater({ children, media }: { children: ReactNode; media?: string }) {
  const part = useContext(HydratedPartContext);
  const [gate] = useState(() => gateFor(media, part));
  return (
    <Suspense fallback={null}>
      <Deferred gate={gate}>{children}</Deferred>
    </Suspense>
  );
}
