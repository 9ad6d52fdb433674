// The venue of an event: a link to the club, the prices of the tickets on sale now, and directions to its door.
import type { EventDetail, EventPrice } from '@nocturna/shared';
import { ChevronRight, Navigation } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link.tsx';
import { Logo } from '../../../components/catalogue/poster.tsx';
import { usePriceWords } from '../../../components/catalogue/use-price-words.ts';
import { mapsUrl } from '../../../lib/catalogue-format.ts';
import { paths } from '../../../lib/paths.ts';
import { Card } from '../../../components/ui/card.tsx';

export function EventClubCard({ club, price }: { club: EventDetail['club']; price: EventPrice }) {
  const { t } = useTranslation('catalogue');
  const range = usePriceWords().range(price);
  return (
    <Card tone="muted" padding="md">
      <p className="mb-3 text-xs font-medium uppercase tracking-wide text-white/50">{t('events.venue')}</p>
      <AppLink to={paths.club(club.slug)} className="group flex items-center gap-3">
        <Logo src={club.logoURL} alt="" size={52} />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-white group-hover:text-neon-400">{club.name}</p>
          <p data-testid="event-venue-line" className="text-sm text-white/60">
            {[club.barrio, range].filter(Boolean).join(' · ')}
          </p>
        </div>
        <ChevronRight aria-hidden className="size-5 text-white/40 group-hover:text-neon-400" />
        <span className="sr-only">{t('events.seeClub')}</span>
      </AppLink>
      <p className="mt-3 text-sm text-white/70">{club.address}</p>
      <a
        href={mapsUrl(club.address)}
        target="_blank"
        rel="noreferrer"
        className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-neon-400 hover:text-neon-500"
      >
        <Navigation aria-hidden className="size-4" />
        {t('events.directions')}
      </a>
    </Card>
  );
}
