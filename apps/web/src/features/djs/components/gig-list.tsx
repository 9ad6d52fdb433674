// A DJ's gigs: the night, the club and their set time (Europe/Madrid).
import { AppLink } from '../../../components/app-link.tsx';
import type { DjGig } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatDay, formatTime } from '../../../lib/catalogue-format.ts';
import { paths } from '../../../lib/paths.ts';

export function GigLine({ gig }: { gig: DjGig }) {
  const locale = useLocale();
  return (
    <div className="min-w-0">
      <AppLink
        to={paths.event(gig.eventSlug)}
        className="block truncate font-semibold text-white hover:text-neon-400"
      >
        {gig.eventName}
      </AppLink>
      <p className="text-sm text-white/60">
        {gig.clubName} · {formatDay(gig.startAt, locale)}
        {gig.setStartAt
          ? ` · ${formatTime(gig.setStartAt, locale)}${gig.setEndAt ? `–${formatTime(gig.setEndAt, locale)}` : ''}`
          : ''}
      </p>
    </div>
  );
}

export function GigList({ gigs, empty }: { gigs: DjGig[]; empty: string }) {
  if (gigs.length === 0) return <p className="text-sm text-white/60">{empty}</p>;
  return (
    <ul className="grid gap-2">
      {gigs.map((g) => (
        <li key={g.eventId} className="rounded-xl border border-white/10 bg-night-900 p-3">
          <GigLine gig={g} />
        </li>
      ))}
    </ul>
  );
}
