// One option of the search box: an event (date, club, price from), a club (barrio, genres), a DJ (nights, the
// next one) or a person (@username, connection state). The arrow keys move between rows (search-page.tsx).
import { AppLink } from '../../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import type { ClubSummary, DjResult, EventSummary, UserSearchResult } from '@nocturna/shared';
import { focusRing } from '../../../components/focus-ring.ts';
import { UserAvatar } from '../../../components/people/user-avatar.tsx';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { usePriceWords } from '../../../components/catalogue/use-price-words.ts';
import { formatNightName } from '../../../lib/catalogue-format.ts';
import type { SearchOption } from '../search-options.ts';
import { useGenreLabel } from '../../../components/catalogue/use-genre-label.ts';

type Props = {
  option: SearchOption;
  onOpen: () => void;
  onKeyDown: (e: React.KeyboardEvent<HTMLAnchorElement>) => void;
};

export function SearchResultRow({ option, onOpen, onKeyDown }: Props) {
  return (
    <li>
      <AppLink
        to={option.href}
        data-search-option=""
        data-testid={`search-${option.group}`}
        onClick={onOpen}
        onKeyDown={onKeyDown}
        className={`flex items-center gap-3 rounded-2xl border border-white/5 bg-night-900/70 p-3 transition hover:border-neon-500/40 focus:border-neon-500 ${focusRing}`}
      >
        {option.group === 'people' ? (
          <UserAvatar name={option.title} src={option.image} />
        ) : (
          <img
            src={option.image ?? undefined}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            className={`size-12 shrink-0 bg-night-800 object-cover ${option.group === 'clubs' ? 'rounded-full' : 'rounded-xl'}`}
          />
        )}
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-white">{option.title}</span>
          <Detail option={option} />
        </span>
      </AppLink>
    </li>
  );
}

function Detail({ option }: { option: SearchOption }) {
  const { t } = useTranslation('search');
  const locale = useLocale();
  const words = usePriceWords();
  const genreLabel = useGenreLabel();
  const line = 'block truncate text-sm text-white/55';
  if (option.group === 'events') {
    const e = option.item as EventSummary;
    const price = words.from(e.price);
    return (
      <span className={line}>
        {[formatNightName(t, e.startAt, locale), e.clubName, price].filter(Boolean).join(' · ')}
      </span>
    );
  }
  if (option.group === 'clubs') {
    const c = option.item as ClubSummary;
    return (
      <span className={line}>
        {[c.barrio, c.genres.slice(0, 3).map(genreLabel).join(', ')].filter(Boolean).join(' · ')}
      </span>
    );
  }
  if (option.group === 'djs') {
    const d = option.item as DjResult;
    return (
      <span className={line}>
        {[
          t('all.djSets', { count: d.sets }),
          t('all.djNext', { day: formatNightName(t, d.next.startAt, locale), club: d.next.clubName }),
        ].join(' · ')}
      </span>
    );
  }
  const p = option.item as UserSearchResult;
  const state =
    p.connection === 'connected' || p.connection === 'outgoing' || p.connection === 'incoming'
      ? t(`state.${p.connection}`)
      : null;
  return (
    <span className={line}>{[p.username ? `@${p.username}` : null, state].filter(Boolean).join(' · ')}</span>
  );
}
