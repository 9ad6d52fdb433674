// A titled panel of the profile pages.
import type { ReactNode } from 'react';

export function ProfileCard({
  title,
  id,
  action,
  children,
}: {
  title: string;
  id: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-white/10 bg-night-900/80 p-4 sm:p-5">
      <div className="mb-2 flex items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-bold text-white">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
