// Placeholders with the shape of the cards, so the page does not jump when data arrives.
export function CardSkeleton() {
  return (
    <div
      aria-hidden
      className="animate-pulse overflow-hidden rounded-2xl border border-night-700/50 bg-night-900"
    >
      <div className="aspect-[40/21] bg-night-800" />
      <div className="space-y-3 p-4">
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

export function CardGridSkeleton({ count = 6, label }: { count?: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <CardSkeleton key={i} />
      ))}
    </div>
  );
}
