import type { ReactNode } from 'react';

export function CardGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-3">{children}</div>;
}
