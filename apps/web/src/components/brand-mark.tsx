import { useId } from 'react';

// Nocturna's mark: a crescent moon over a neon disc. Decorative; the link around it carries the name.
export function BrandMark({ className = '' }: { className?: string }) {
  // Unique per instance: a gradient id shared with a hidden (display:none) copy would not paint.
  const gradient = useId();
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#a855f7" />
          <stop offset="1" stopColor="#f43f5e" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradient})`} />
      <path d="M40.5 14a19 19 0 1 0 9.5 33.6A16 16 0 0 1 40.5 14Z" fill="#0b0614" />
      <circle cx="45" cy="19" r="2.5" fill="#fff" />
    </svg>
  );
}
