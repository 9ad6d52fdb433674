// Placeholders with the shape of the cards, so the page does not jump when data arrives. `row`: an event card,
// which a phone shows as a row with a square picture beside the text (event-card.tsx).
export function CardSkeleton({ row = false }: { row?: boolean }) {
  return (
    <div
      aria-hidden
      className={`animate-pulse overflow-hidden rounded-2xl border border-night-700/50 bg-night-900 ${
        row ? 'flex h-35 gap-3 p-3 sm:block sm:h-auto sm:p-0' : ''
      }`}
    >
      <div
        className={
          row
            ? 'size-28 shrink-0 rounded-xl bg-night-800 sm:aspect-[40/21] sm:h-auto sm:w-full sm:rounded-none'
            : 'aspect-[40/21] bg-night-800'
        }
      />
      <div className={`flex-1 space-y-3 ${row ? 'py-1 sm:p-4' : 'p-4'}`}>
        <div className="h-4 w-3/4 rounded bg-night-700" />
        <div className="h-3 w-1/2 rounded bg-night-800" />
        <div className="flex gap-2">
          <div className="h-5 w-14 rounded-full bg-night-800" />
          <div className="h-5 w-14 rounded-full bg-night-800" />
        </div>
      </div>
    </div>
  );
}

export function CardGridSkeleton({
  count = 6,
  label,
  rows = false,
}: {
  count?: number;
  label: string;
  rows?: boolean;
}) {
  return (
    <div role="status" aria-label={label} className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <CardSkeleton key={i} row={rows} />
      ))}
    </div>
  );
}
