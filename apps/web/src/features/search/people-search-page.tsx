// /search?grupo=personas (open to visitors): every person whose name or username holds the words, ignoring
// accents and case, 20 at a time — the full list behind the search box's people group. Results follow the typing
// (the box writes ?q= a moment after typing stops) and "Cargar más" brings the next page.
import { SearchX, UserRoundSearch } from 'lucide-react';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import type { UserSearchResult } from '@nocturna/shared';
import { PageHeader } from '../../components/catalogue/page-header.tsx';
import { ErrorState, LoadMore } from '../../components/catalogue/query-states.tsx';
import { SearchField } from '../../components/catalogue/search-field.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { focusRing } from '../../components/focus-ring.ts';
import { UserAvatar } from '../../components/people/user-avatar.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../auth/api/use-session.ts';
import { useUserSearch } from './api/search-users.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';

export function PeopleSearchPage() {
  const { t } = useTranslation('search');
  const viewerId = useSession().user?.id ?? '';
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const results = useUserSearch(viewerId, q);
  usePageTitle(`${t('title')} | Nocturna`);
  const onChange = useCallback(
    (value: string) =>
      setParams(value ? { grupo: 'personas', q: value } : { grupo: 'personas' }, { replace: true }),
    [setParams],
  );

  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  let body;
  if (!q) body = <Hint />;
  else if (results.isPending)
    body = (
      <p role="status" className="text-sm text-white/60">
        {t('searching')}
      </p>
    );
  else if (results.isError && items.length === 0)
    body = <ErrorState message={t('failed')} error={results.error} onRetry={() => void results.refetch()} />;
  else if (items.length === 0) body = <EmptyState icon={SearchX} text={t('noResults', { q })} />;
  else
    body = (
      <div className="flex flex-col gap-4">
        <ul
          aria-label={t('resultsLabel', { q })}
          className={`flex flex-col gap-2 ${results.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {items.map((person) => (
            <ResultRow key={person.id} person={person} />
          ))}
        </ul>
        <LoadMore
          hasMore={results.hasNextPage}
          loading={results.isFetchingNextPage}
          onLoad={() => void results.fetchNextPage()}
        />
      </div>
    );

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-5 sm:py-12">
      <PageHeader title={t('people.title')} lead={t('lead')} />
      <div className="mt-6">
        <SearchField
          value={q}
          onChange={onChange}
          placeholder={t('placeholder')}
          label={t('label')}
          clearLabel={t('clear')}
        />
      </div>
      <div className="mt-6" aria-live="polite">
        {body}
      </div>
    </section>
  );
}

function Hint() {
  const { t } = useTranslation('search');
  return <EmptyState icon={UserRoundSearch} text={t('hint')} />;
}

function ResultRow({ person }: { person: UserSearchResult }) {
  const { t } = useTranslation('search');
  const badge =
    person.connection === 'connected' || person.connection === 'outgoing' || person.connection === 'incoming'
      ? t(`state.${person.connection}`)
      : null;
  return (
    <li data-testid="search-result">
      <AppLink
        to={paths.user(person.id)}
        className={`flex items-center gap-3 rounded-2xl border border-white/5 bg-night-900/70 p-3 transition hover:border-neon-500/40 ${focusRing}`}
      >
        <UserAvatar name={person.name} src={person.avatarUrl} />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-white">{person.name}</span>
          {person.username && (
            <span className="block truncate text-sm text-white/50">@{person.username}</span>
          )}
        </span>
        {badge && (
          <span className="shrink-0 rounded-full bg-neon-500/15 px-2.5 py-1 text-xs font-semibold text-neon-400">
            {badge}
          </span>
        )}
      </AppLink>
    </li>
  );
}
