// The posters the server draws are 1200×630 (the Open Graph size); sizing them up front avoids layout shift.
type Props = { src: string; alt: string; priority?: boolean; className?: string };

export function Poster({ src, alt, priority = false, className = '' }: Props) {
  return (
    <img
      src={src}
      alt={alt}
      width={1200}
      height={630}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className={`aspect-[40/21] w-full bg-night-800 object-cover ${className}`}
    />
  );
}

export function Logo({
  src,
  alt,
  size = 48,
  className = '',
}: {
  src: string;
  alt: string;
  size?: number;
  className?: string;
}) {
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={`shrink-0 rounded-2xl bg-night-900 ${className}`}
      style={{ width: size, height: size }}
    />
  );
}
