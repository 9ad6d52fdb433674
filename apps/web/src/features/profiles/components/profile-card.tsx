// A titled panel of the profile pages.
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';

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
    <Card as="section" surface="soft" padding="md-lg" aria-labelledby={id}>
      <div className="mb-2 flex items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-bold text-white">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </Card>
  );
}
