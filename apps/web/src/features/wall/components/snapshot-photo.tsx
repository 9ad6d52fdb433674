// A snapshot as two photos taken together: what the person saw (back camera) filling the frame, and the
// person (front camera) inset in the corner.
import type { Snapshot } from '@nocturna/shared';

export function SnapshotPhoto({
  snapshot,
  alt,
  insetAlt,
  size = 'thumb',
  className = '',
}: {
  snapshot: Snapshot;
  alt: string;
  insetAlt: string;
  size?: 'thumb' | 'full';
  className?: string;
}) {
  return (
    <div className={`relative overflow-hidden bg-night-800 ${className}`}>
      <img
        src={snapshot.back[size]}
        alt={alt}
        loading="lazy"
        decoding="async"
        className="size-full object-cover"
      />
      <img
        src={snapshot.front.thumb}
        alt={insetAlt}
        loading="lazy"
        decoding="async"
        className="absolute top-3 left-3 aspect-[3/4] w-[28%] max-w-40 rounded-xl border-2 border-night-950 object-cover shadow-lg shadow-black/60"
      />
    </div>
  );
}
