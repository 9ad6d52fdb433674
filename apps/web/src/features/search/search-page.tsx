// /search (open to visitors; the shell's search icon opens it): one box for events, clubs, DJs and people. Results
// come as you type (debounced, the stale request aborted), grouped, with "Ver todos" per group; the arrow keys
// walk the results and Enter opens the first; recent searches and ideas show while the box is empty.
// ?grupo=personas is the people group's full list (people-search-page.tsx).
import { Clock, Search, Sparkles, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import type { SearchResults, UnderstoodQuery } from '@nocturna/shared';
import { PageHeader } from '../../components/catalogue/page-header.tsx';
import { ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { focusRing } from '../../components/focus-ring.ts';
import { useSession } from '../auth/api/use-session.ts';
import { useSearchAll } from './api/search-all.ts';
import { SearchResultRow } from './components/search-result-row.tsx';
import { PeopleSearchPage } from './people-search-page.tsx';
import { forgetSearches, rememberSearch, useRecentSearches } from './recent-searches.ts';
import { orderedGroups, searchOptions, type SearchGroup, type SearchOption } from './search-options.ts';
import { allClubsLink, allDjNightsLink, allEventsLink, allPeopleLink } from './see-all-links.ts';
import { useGenreLabel } from '../../components/catalogue/use-genre-label.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';

const DEBOUNCE_MS = 200;
const IDEAS = ['ideaTonight', 'ideaTechno', 'ideaClub'] as const;

export default function SearchPage() {
  const [params] = useSearchParams();
  return params.get('grupo') === 'personas' ? <PeopleSearchPage /> : <SearchEverythingPage />;
}

function SearchEverythingPage() {
  const { t } = useTranslation('search');
  usePageTitle(`${t('title')} | Nocturna`);
  const viewerId = useSession().user?.id ?? '';
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [text, setText] = useState(q);
  const recent = useRecentSearches();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const results = useSearchAll(viewerId, q);

  // What is typed reaches the URL (and the server) once typing pauses.
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(
      () => setParams(text.trim() ? { q: text.trim() } : {}, { replace: true }),
      DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [text, q, setParams]);

  // While the next letters' answer is on its way, the last one stays (dimmed).
  const data = q ? results.data : undefined;
  const options = data && q ? searchOptions(data) : [];
  const remember = useCallback(() => rememberSearch(q || text), [q, text]);

  const focusOption = (index: number) => {
    const all = list.current?.querySelectorAll<HTMLAnchorElement>('[data-search-option]') ?? [];
    if (index < 0) input.current?.focus();
    else all[Math.min(index, all.length - 1)]?.focus();
  };
  const onOptionKey = (index: number) => (e: React.KeyboardEvent<HTMLAnchorElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusOption(index + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      focusOption(index - 1);
    } else if (e.key === 'Escape') focusOption(-1);
  };
  const onInputKey = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && options.length) {
      e.preventDefault();
      focusOption(0);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const first = options[0];
      setParams(text.trim() ? { q: text.trim() } : {}, { replace: true });
      if (first && text.trim() === q) {
        remember();
        void navigate(first.href);
      }
    } else if (e.key === 'Escape') setText('');
  };

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-5 sm:py-12">
      <PageHeader title={t('title')} lead={t('all.lead')} />
      <div className="relative mt-6">
        <Search
          aria-hidden
          className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-white/40"
        />
        <input
          ref={input}
          type="search"
          // A search page: the box is what the person came for.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          enterKeyHint="search"
          aria-label={t('all.label')}
          aria-describedby="search-keys"
          value={text}
          placeholder={t('all.placeholder')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onInputKey}
          className="w-full rounded-full border border-night-700 bg-night-900 py-3.5 pl-12 pr-12 text-base text-white placeholder:text-white/40 focus:border-neon-500 focus:outline-none focus:ring-2 focus:ring-neon-500/30 [&::-webkit-search-cancel-button]:hidden"
        />
        {text && (
          <button
            type="button"
            aria-label={t('clear')}
            onClick={() => {
              setText('');
              setParams({}, { replace: true });
              input.current?.focus();
            }}
            className="absolute right-2.5 top-1/2 -translate-y-1/2 rounded-full p-2 text-white/50 hover:bg-white/10 hover:text-white"
          >
            <X aria-hidden className="size-4" />
          </button>
        )}
        <p id="search-keys" className="sr-only">
          {t('all.keys')}
        </p>
      </div>

      <div ref={list} className="mt-6" aria-live="polite" aria-busy={results.isFetching}>
        {!q ? (
          <EmptyBox
            recent={recent}
            onPick={(value) => {
              setText(value);
              setParams({ q: value }, { replace: true });
            }}
            onForget={forgetSearches}
          />
        ) : results.isError && !data ? (
          <ErrorState message={t('failed')} error={results.error} onRetry={() => void results.refetch()} />
        ) : !data ? (
          <p role="status" className="text-sm text-white/60">
            {t('searching')}
          </p>
        ) : options.length === 0 ? (
          <EmptyState role="status" text={t('all.noResults', { q })} />
        ) : (
          // Dimmed, and busy for assistive technology, while the answer for what was typed last is on its way.
          <div
            data-testid="search-results"
            aria-busy={results.isPlaceholderData}
            className={`flex flex-col gap-7 ${results.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            <Understood understood={data.understood} />
            {orderedGroups(options, data.q).map((group) => (
              <ResultGroup
                key={group}
                group={group}
                data={data}
                options={options}
                onOpen={remember}
                onOptionKey={onOptionKey}
              />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

function ResultGroup({
  group,
  data,
  options,
  onOpen,
  onOptionKey,
}: {
  group: SearchGroup;
  data: SearchResults;
  options: SearchOption[];
  onOpen: () => void;
  onOptionKey: (index: number) => (e: React.KeyboardEvent<HTMLAnchorElement>) => void;
}) {
  const { t } = useTranslation('search');
  const mine = options.filter((o) => o.group === group);
  if (mine.length === 0) return null;
  const more = {
    events: () => allEventsLink(data.understood),
    clubs: () => allClubsLink(data.understood),
    djs: () => allDjNightsLink(data.understood),
    people: () => allPeopleLink(data.q),
  }[group]();
  const headingId = `search-group-${group}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-sm font-bold uppercase tracking-wider text-white/60">
          {t(`groups.${group}`)}
        </h2>
        {data[group].more && (
          <AppLink
            to={more}
            onClick={onOpen}
            aria-label={t('all.seeAllOf', { group: t(`groups.${group}`) })}
            className={`rounded-full px-2 py-1 text-sm font-semibold text-neon-300 hover:text-neon-200 ${focusRing}`}
          >
            {t('all.seeAll')}
          </AppLink>
        )}
      </div>
      <ul className="flex flex-col gap-2">
        {mine.map((option) => (
          <SearchResultRow
            key={option.key}
            option={option}
            onOpen={onOpen}
            onKeyDown={onOptionKey(options.indexOf(option))}
          />
        ))}
      </ul>
    </section>
  );
}

// What the box took as filters ("Techno · Sábado · Lavapiés"), so a person sees why these results.
function Understood({ understood }: { understood: UnderstoodQuery }) {
  const { t } = useTranslation('search');
  const genreLabel = useGenreLabel();
  const parts = [
    understood.when ? t(`when.${understood.when}`) : null,
    understood.weekday ? t(`weekday.${understood.weekday}`) : null,
    understood.genre ? genreLabel(understood.genre) : null,
    understood.barrio,
  ]
    .filter((p): p is string => Boolean(p))
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1));
  if (parts.length === 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-white/60">
      <Sparkles aria-hidden className="size-4 text-neon-400" />
      {t('all.understood')}
      {parts.map((p) => (
        <span key={p} className="rounded-full bg-neon-500/15 px-2.5 py-0.5 font-semibold text-neon-300">
          {p}
        </span>
      ))}
    </p>
  );
}

function EmptyBox({
  recent,
  onPick,
  onForget,
}: {
  recent: string[];
  onPick: (q: string) => void;
  onForget: () => void;
}) {
  const { t } = useTranslation('search');
  const chip = `inline-flex items-center gap-2 rounded-full border border-night-700 bg-night-900 px-3.5 py-2 text-sm text-white/80 hover:border-neon-500/50 hover:text-white ${focusRing}`;
  return (
    <div className="flex flex-col gap-6">
      {recent.length > 0 && (
        <section aria-labelledby="recent-title" className="flex flex-col gap-2">
          <div className="flex items-baseline justify-between">
            <h2 id="recent-title" className="text-sm font-bold uppercase tracking-wider text-white/60">
              {t('all.recent')}
            </h2>
            <button
              type="button"
              onClick={onForget}
              className={`rounded-full px-2 py-1 text-sm text-white/60 hover:text-white ${focusRing}`}
            >
              {t('all.forget')}
            </button>
          </div>
          <ul className="flex flex-wrap gap-2">
            {recent.map((r) => (
              <li key={r}>
                <button type="button" className={chip} onClick={() => onPick(r)}>
                  <Clock aria-hidden className="size-4 text-white/40" /> {r}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="ideas-title" className="flex flex-col gap-2">
        <h2 id="ideas-title" className="text-sm font-bold uppercase tracking-wider text-white/60">
          {t('all.ideas')}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {IDEAS.map((idea) => (
            <li key={idea}>
              <button type="button" className={chip} onClick={() => onPick(t(`all.${idea}`))}>
                {t(`all.${idea}`)}
              </button>
            </li>
          ))}
        </ul>
        <p className="text-sm text-white/50">{t('all.hint')}</p>
      </section>
    </div>
  );
}
