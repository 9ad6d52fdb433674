import type { ReactNode } from 'react';

export function FilterChip({
  active,
  onClick,
  children,
}: {
  active: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={`shrink-0 rounded-full border px-3.5 py-1.5 text-sm font-medium transition ${
        active
          ? 'border-neon-500 bg-neon-600 text-white shadow-[0_0_18px_-4px] shadow-neon-500'
          : 'border-night-700 bg-night-900 text-white/75 hover:border-neon-500/50 hover:text-white'
      }`}
    >
      {children}
    </button>
  );
}
