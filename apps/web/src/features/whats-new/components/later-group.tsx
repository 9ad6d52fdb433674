// "Más adelante": the nights announced for more than two weeks ahead, folded into one group that opens on demand
// (they are not news yet, so they neither stand out nor count as unread).
import type { WhatsNewItem } from '@nocturna/shared';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { WhatsNewItemRow } from './whats-new-item.tsx';

export function LaterGroup({ items }: { items: WhatsNewItem[] }) {
  const { t } = useTranslation('whats-new');
  return (
    <details
      data-testid="whats-new-later"
      className="group rounded-2xl border border-night-700 bg-night-900/40"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-2xl p-3 text-sm font-semibold text-white hover:bg-night-800/60 [&::-webkit-details-marker]:hidden">
        <span>
          {t('later.title')}
          <span className="ml-2 font-normal text-white/65">{t('later.count', { count: items.length })}</span>
        </span>
        <ChevronDown aria-hidden className="size-4 shrink-0 text-white/60 transition group-open:rotate-180" />
      </summary>
      <ul className="space-y-2 px-3 pb-3" aria-label={t('later.title')}>
        {items.map((item) => (
          <WhatsNewItemRow key={item.id} item={item} />
        ))}
      </ul>
    </details>
  );
}
