// A plain message where the door would be (not allowed here, no such event, nothing tonight).
import type { ReactNode } from 'react';
import { DoorClosed } from 'lucide-react';

export function DoorMessage({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-night-700 px-6 py-14 text-center"
    >
      <DoorClosed aria-hidden="true" className="size-9 text-neon-400/70" />
      <p className="max-w-md text-white/80">{text}</p>
      {children}
    </div>
  );
}
