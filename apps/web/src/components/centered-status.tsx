// A spinner with a line of text, for "Verificando acceso..." and the role check.
import { Loader2 } from 'lucide-react';

export function CenteredStatus({ text }: { text: string }) {
  return (
    <div
      role="status"
      className="flex min-h-[60dvh] flex-col items-center justify-center gap-3 text-white/70"
    >
      <Loader2 className="size-8 animate-spin text-neon-400" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}
