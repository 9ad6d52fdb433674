// A person's photo, or their initial on the brand gradient when they have none. Decorative by default: the name
// next to it says who it is.
const SIZES = { sm: 'size-10 text-sm', md: 'size-14 text-lg', lg: 'size-28 text-4xl sm:size-32' } as const;

type Props = { name: string; src: string | null; size?: keyof typeof SIZES; alt?: string };

export function UserAvatar({ name, src, size = 'sm', alt = '' }: Props) {
  const classes = `${SIZES[size]} shrink-0 rounded-full`;
  if (src)
    return (
      <img src={src} alt={alt} className={`${classes} object-cover ring-2 ring-neon-500/60`} loading="lazy" />
    );
  return (
    <span
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      className={`${classes} grid place-items-center bg-gradient-to-br from-neon-500 to-flame-500 font-bold text-white`}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
