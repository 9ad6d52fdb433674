// What a list or a page shows when it has nothing yet: a dashed box with an icon, a line that says so and what to
// do about it, and the action when there is one (find a night, clear the filters). With a title the title is the
// bold line and the text the explanation under it; without one the text alone is the message. The icon is
// decoration (hidden from screen readers); the words say everything. A box that appears in answer to what the
// person did (a search with no results) passes role="status" so it is announced.
import { forwardRef, type ComponentType, type HTMLAttributes, type ReactNode } from 'react';

type Props = Omit<HTMLAttributes<HTMLDivElement>, 'title'> & {
  // A lucide icon, or any component that takes a className and aria-hidden.
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title?: ReactNode;
  text?: ReactNode;
  action?: ReactNode;
  // `start` lines everything up on the left, for a box that leads into a page's first step.
  align?: 'center' | 'start';
  // A compact box sits inside a panel or beside a map; the full one fills a page's list.
  compact?: boolean;
};

export const EmptyState = forwardRef<HTMLDivElement, Props>(function EmptyState(
  { icon: Icon, title, text, action, align = 'center', compact = false, className, ...rest },
  ref,
) {
  const look = [
    'flex flex-col gap-3 rounded-2xl border border-dashed border-night-700',
    compact ? 'p-6' : 'px-6 py-12',
    align === 'center' ? 'items-center text-center' : 'items-start',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div ref={ref} className={look} {...rest}>
      {Icon && <Icon aria-hidden="true" className="size-9 text-neon-400/70" />}
      {title && <p className="font-semibold text-white">{title}</p>}
      {text && <p className={title ? 'max-w-sm text-sm text-white/60' : 'max-w-sm text-white/70'}>{text}</p>}
      {action}
    </div>
  );
});
