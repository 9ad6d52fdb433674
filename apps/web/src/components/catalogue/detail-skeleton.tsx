export function DetailSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="animate-pulse space-y-6">
      <div className="aspect-[40/21] max-h-[420px] w-full rounded-3xl bg-night-800" />
      <div className="h-8 w-2/3 rounded bg-night-700" />
      <div className="h-4 w-1/3 rounded bg-night-800" />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="h-40 rounded-2xl bg-night-900 lg:col-span-2" />
        <div className="h-40 rounded-2xl bg-night-900" />
      </div>
    </div>
  );
}
