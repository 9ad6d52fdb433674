// A part of a server-rendered page that hydrates after the page around it. It is a <Suspense> boundary: React's
// hydrateRoot leaves the server's DOM of each boundary as it is and hydrates the boundaries one by one, at a lower
// priority than the page around them and in slices that yield to the browser, so a phone's main thread is never held
// for the whole page at once. A lazy part inside (React.lazy) makes its boundary wait for its code, still showing the
// server's HTML. A tap or a key on a part not hydrated yet makes React hydrate that part first and replays the event
// on it. Outside hydration (a page drawn in the browser, a later navigation) the boundary renders its children at
// once, or its fallback while a lazy part loads.
// The page counts as hydrated (useHydrated) once every boundary met while hydrating has hydrated too.
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { partHydrated, partMounted, partUnmounted, type HydrationPart } from '../use-hydrated.ts';

// Rendered after the part's children: its effect runs after theirs, so the boundaries inside this part are counted
// before this one counts as done.
function Hydrated({ part }: { part: HydrationPart }) {
  useEffect(() => partHydrated(part), [part]);
  return null;
}

export function HydrationBoundary({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const [part] = useState<HydrationPart>(() => ({ done: false }));
  useEffect(() => {
    partMounted(part);
    return () => partUnmounted(part);
  }, [part]);
  return (
    <Suspense fallback={fallback}>
      {children}
      <Hydrated part={part} />
    </Suspense>
  );
}
