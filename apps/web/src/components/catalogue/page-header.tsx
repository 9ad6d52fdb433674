import type { ReactNode } from 'react';

export function PageHeader({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: string;
  children?: ReactNode;
}) {
  return (
    <header className="space-y-1">
      <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
      {lead && <p className="text-white/60">{lead}</p>}
      {children}
    </header>
  );
}
