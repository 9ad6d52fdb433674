// On a club's page: a button that opens the phone's own map app at the club (Apple Maps on iPhone, the geo:
// link Android hands to whichever app the person uses, Google Maps elsewhere) and the nearest Metro stations
// with their lines and a walking time.
import { Navigation, TrainFront } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClubDirections as Directions } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { useDirections } from '../api/get-directions.ts';
import { formatDistance } from '../distance-format.ts';
import { Card } from '../../../components/ui/card.tsx';

type Platform = 'ios' | 'android' | 'other';

function platformOf(userAgent: string): Platform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'other';
}

const noChanges = () => () => {};

export function nativeMapLink(links: Directions['links'], platform: Platform): string {
  return platform === 'ios' ? links.apple : platform === 'android' ? links.geo : links.google;
}

// The line's own colour on the network map, for the small line badges.
const LINE_COLOURS: Record<string, string> = {
  '1': 'bg-sky-400 text-night-950',
  '2': 'bg-red-600 text-white',
  '3': 'bg-yellow-400 text-night-950',
  '4': 'bg-amber-800 text-white',
  '5': 'bg-lime-500 text-night-950',
  '6': 'bg-slate-400 text-night-950',
  '7': 'bg-orange-400 text-night-950',
  '8': 'bg-pink-400 text-night-950',
  '9': 'bg-purple-700 text-white',
  '10': 'bg-blue-800 text-white',
  R: 'bg-white text-night-950',
};

export function ClubDirections({ clubId }: { clubId: string }) {
  const { t } = useTranslation('explore');
  const locale = useLocale();
  const query = useDirections(clubId);
  // The server does not know the phone: its HTML (and the hydrating render) link to Google Maps, then the
  // browser's own answer takes over.
  const platform = useSyncExternalStore(
    noChanges,
    () => platformOf(navigator.userAgent),
    (): Platform => 'other',
  );

  return (
    <Card
      as="section"
      tone="muted"
      padding="md"
      className="space-y-3"
      aria-labelledby="club-directions-title"
      data-testid="club-directions"
    >
      <h2 id="club-directions-title" className="flex items-center gap-2 font-semibold text-white">
        <TrainFront aria-hidden className="size-5 text-neon-400" />
        {t('directions.title')}
      </h2>
      {query.isPending ? (
        <p role="status" className="text-sm text-white/55">
          {t('directions.loading')}
        </p>
      ) : query.isError ? (
        <p role="status" className="text-sm text-white/55">
          {t('directions.error')}
        </p>
      ) : (
        <>
          <a
            href={nativeMapLink(query.data.links, platform)}
            target={platform === 'other' ? '_blank' : undefined}
            rel="noreferrer"
            data-testid="open-map-app"
            className="inline-flex items-center gap-2 rounded-full bg-neon-600 px-4 py-2 text-sm font-semibold text-white hover:bg-neon-700"
          >
            <Navigation aria-hidden className="size-4" />
            {t('directions.open')}
          </a>
          <h3 className="pt-1 text-xs font-medium tracking-wide text-white/50 uppercase">
            {t('directions.stations')}
          </h3>
          <ul className="space-y-2">
            {query.data.stations.map((s) => (
              <li
                key={s.name}
                data-testid="metro-station"
                className="flex items-center justify-between gap-3 text-sm"
              >
                <span className="flex min-w-0 items-center gap-2">
                  <span className="truncate text-white">{s.name}</span>
                  <span className="flex shrink-0 gap-1">
                    {s.lines.map((line) => (
                      <span
                        key={line}
                        title={t('directions.line', { line })}
                        className={`grid size-5 place-items-center rounded-full text-[10px] font-bold ${LINE_COLOURS[line] ?? 'bg-white/20 text-white'}`}
                      >
                        <span aria-hidden>{line}</span>
                        <span className="sr-only">{t('directions.line', { line })}</span>
                      </span>
                    ))}
                  </span>
                </span>
                <span className="shrink-0 text-xs text-white/60">
                  {formatDistance(s.distanceM, locale)} · {t('directions.walk', { count: s.walkMinutes })}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
