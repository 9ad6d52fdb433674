import { useState, type ReactNode } from 'react';

// A label shown to the right of an icon-only control on hover or keyboard focus. It is fixed-positioned
// so a scrolling sidebar cannot clip it; it is aria-hidden because the control carries the same name.
export function SideTooltip({
  label,
  enabled,
  children,
}: {
  label: string;
  enabled: boolean;
  children: ReactNode;
}) {
  const [anchor, setAnchor] = useState<{ top: number; left: number } | null>(null);
  if (!enabled) return <>{children}</>;
  const show = (el: HTMLElement) => {
    const rect = el.getBoundingClientRect();
    setAnchor({ top: rect.top + rect.height / 2, left: rect.right + 12 });
  };
  return (
    <div
      onMouseEnter={(e) => show(e.currentTarget)}
      onMouseLeave={() => setAnchor(null)}
      onFocus={(e) => show(e.currentTarget)}
      onBlur={() => setAnchor(null)}
    >
      {children}
      {anchor && (
        <span
          aria-hidden="true"
          data-testid="side-tooltip"
          style={{ top: anchor.top, left: anchor.left }}
          className="pointer-events-none fixed z-[60] -translate-y-1/2 rounded-lg border border-white/10 bg-night-800 px-2.5 py-1.5 text-xs font-semibold whitespace-nowrap text-white shadow-lg shadow-black/40"
        >
          {label}
        </span>
      )}
    </div>
  );
}
