// The period's best nights by entries, each linking to its own analytics.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClubAnalytics } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatNightDay } from '../../../lib/catalogue-format.ts';
import { ChartCard } from './analytics-parts.tsx';

export function BestNights({ nights }: { nights: ClubAnalytics['bestNights'] }) {
  const { t } = useTranslation('analytics');
  const locale = useLocale();
  const num = (n: number) => n.toLocaleString(locale);
  return (
    <ChartCard title={t('charts.best')} empty={nights.length ? null : t('empty.nights')}>
      <ol className="grid grid-cols-1 gap-2">
        {nights.map((e, i) => (
          <li key={e.id} className="flex items-center justify-between gap-3 rounded-xl bg-white/5 px-3 py-2">
            <span className="min-w-0 truncate text-white">
              <span className="mr-2 font-black text-neon-300">{i + 1}</span>
              <Link to={`../../evento/${e.id}/analytics`} relative="path" className="hover:underline">
                {e.name}
              </Link>
              <span className="ml-2 text-xs text-white/50">{formatNightDay(e.startAt, locale)}</span>
            </span>
            <span className="shrink-0 text-sm text-white/80 tabular-nums">
              {t('table.inOf', { in: num(e.checkedIn), sold: num(e.sold) })}
            </span>
          </li>
        ))}
      </ol>
    </ChartCard>
  );
}
