// One section of the settings page: a titled card with an anchor id, so /ajustes#sesiones opens at it.
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';

export function SettingsCard(props: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card
      as="section"
      surface="soft"
      className="scroll-mt-24"
      id={props.id}
      aria-labelledby={`${props.id}-title`}
    >
      <h2 id={`${props.id}-title`} className="text-lg font-bold text-white">
        {props.title}
      </h2>
      {props.description && <p className="mt-1 text-sm text-white/60">{props.description}</p>}
      <div className="mt-4">{props.children}</div>
    </Card>
  );
}

export function Switch(props: {
  checked: boolean;
  label: string;
  disabled?: boolean;
  onChange: (next: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={props.checked}
      aria-label={props.label}
      disabled={props.disabled}
      onClick={() => props.onChange(!props.checked)}
      className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-neon-400 focus-visible:outline-none disabled:opacity-50 ${
        props.checked ? 'bg-neon-500' : 'bg-white/20'
      }`}
    >
      <span
        aria-hidden="true"
        className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${props.checked ? 'translate-x-6' : 'translate-x-1'}`}
      />
    </button>
  );
}

export const madridTime = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'es-ES', {
    timeZone: 'Europe/Madrid',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
