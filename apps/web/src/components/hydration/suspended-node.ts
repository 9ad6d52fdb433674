// The server node Preact keeps for a part that suspends while hydrating (HydrateLater), so the part can wait until
// that node nears the screen. Preact tells no public API which node it kept: it sets it as the suspended vnode's
// `_dom` right before calling its error hook (`options._catchError`), where preact/compat's Suspense takes the
// thrown promise. This hook reads it there, for HydrateLater's own promises only, and passes everything on. Both
// names are Preact's mangled ones (`__e`), fixed across Preact 10 and 11 because preact/debug and the devtools
// read them too; hydrate-later's tests fail if they change.
// preact/compat (imported as 'react') installs its own hook first: it keeps the promises it handles from the
// hooks installed before it, so this one must wrap it.
import 'react';
import { options } from 'preact';

type SuspendedVNode = { __e?: unknown };
type CatchError = (error: unknown, vnode: SuspendedVNode, ...rest: unknown[]) => void;

const ours = new WeakSet<object>();
const kept = new WeakMap<object, Element>();

const hooks = options as unknown as { __e?: CatchError };
const compat = hooks.__e;
hooks.__e = (error, vnode, ...rest) => {
  if (typeof error === 'object' && error !== null && ours.has(error) && vnode.__e instanceof Element) {
    kept.set(error, vnode.__e);
  }
  compat?.(error, vnode, ...rest);
};

// Marks a promise HydrateLater throws, so the node its part keeps is noted.
export function keepSuspendedNodes(promise: Promise<void>): void {
  ours.add(promise);
}

// The server node of the part that threw `promise`, once it has suspended.
export function waitingNode(promise: Promise<void>): Element | undefined {
  return kept.get(promise);
}
