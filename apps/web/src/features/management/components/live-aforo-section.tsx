// Aforo en directo: per club, people inside now across tonight's events against the club's capacity. Amber at
// 90 %, red at 100 %, with the words said too (colour is not the only signal). Hidden when no door is open.
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { useLiveAforo } from '../api/dashboards.ts';
import { cardClass } from '../../../components/ui/card.tsx';

const TONE = {
  ok: { bar: 'bg-emerald-400', box: 'border-white/10' },
  warning: { bar: 'bg-amber-400', box: 'border-amber-400/70' },
  full: { bar: 'bg-red-500', box: 'border-red-500' },
} as const;

export function LiveAforoSection() {
  const { t } = useTranslation('manage');
  const locale = useLocale();
  const live = useLiveAforo();
  const clubs = live.data?.clubs ?? [];
  if (clubs.length === 0) return null;
  const number = new Intl.NumberFormat(locale);
  return (
    <section aria-labelledby="live-aforo-title" className="grid grid-cols-1 gap-3" data-testid="live-aforo">
      <h2 id="live-aforo-title" className="flex items-center gap-2 text-xl font-bold text-white">
        <Users aria-hidden="true" className="size-5" /> {t('liveAforo.title')}
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {clubs.map((club) => {
          const share = club.capacity > 0 ? club.inside / club.capacity : 0;
          return (
            <li
              key={club.clubId}
              data-level={club.level}
              className={`${cardClass({ padding: 'md-lg' })} border-2 ${TONE[club.level].box} space-y-2`}
            >
              <p className="font-bold text-white">{club.clubName}</p>
              <p className="text-4xl font-black text-white tabular-nums">
                {number.format(club.inside)}
                <span className="text-xl text-white/50"> / {number.format(club.capacity)}</span>
              </p>
              <div className="h-3 w-full overflow-hidden rounded-full bg-white/10" aria-hidden="true">
                <div
                  className={`h-full rounded-full ${TONE[club.level].bar}`}
                  style={{ width: `${Math.min(100, share * 100)}%` }}
                />
              </div>
              {club.level !== 'ok' && (
                <p role="status" className="font-bold text-white">
                  {t(`liveAforo.${club.level}`, { share: Math.round(share * 100) })}
                </p>
              )}
              <ul className="text-sm text-white/70">
                {club.events.map((e) => (
                  <li key={e.id}>
                    {t('liveAforo.event', { name: e.name, inside: number.format(e.inside) })}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
