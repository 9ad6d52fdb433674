// Search, quick dates and the other filters of the event list; every choice goes to the URL.
import { BARRIOS, EVENT_WHEN, GENRES } from '@nocturna/shared/catalogue-values';
import { SlidersHorizontal, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterChip } from '../../../components/catalogue/filter-chip.tsx';
import { FilterDate, FilterSelect } from '../../../components/catalogue/filter-select.tsx';
import { SearchField } from '../../../components/catalogue/search-field.tsx';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatPrice } from '../../../lib/catalogue-format.ts';
import { countEventFilters, type EventFilterKey, type EventFilters } from '../event-filters.ts';

const PRICE_STEPS = [0, 10, 15, 20, 30];

type Props = {
  filters: EventFilters;
  clubName?: string;
  onChange: (key: EventFilterKey, value: string | number | undefined) => void;
  onChangeMany: (patch: Partial<Record<EventFilterKey, undefined>>) => void;
  onClear: () => void;
};

export function EventFilterBar({ filters, clubName, onChange, onChangeMany, onClear }: Props) {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  const secondary = [filters.from, filters.to, filters.genre, filters.barrio, filters.maxPrice].filter(
    (v) => v !== undefined,
  ).length;
  const [open, setOpen] = useState(secondary > 0);
  return (
    <section className="space-y-3">
      <div className="flex gap-2">
        <div className="min-w-0 flex-1">
          <SearchField
            value={filters.q ?? ''}
            onChange={(q) => onChange('q', q)}
            placeholder={t('events.search')}
            label={t('events.searchLabel')}
            clearLabel={t('clearSearch')}
          />
        </div>
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-full border border-night-700 bg-night-900 px-3 text-sm font-medium text-neon-400 hover:border-neon-500/60 lg:hidden"
        >
          <SlidersHorizontal aria-hidden className="size-4" />
          <span className="sr-only sm:not-sr-only">
            {open ? t('events.lessFilters') : t('events.moreFilters')}
          </span>
          {secondary > 0 && (
            <span className="rounded-full bg-neon-600 px-1.5 text-xs text-white">{secondary}</span>
          )}
        </button>
      </div>
      <div className="-mx-4 flex items-center gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
        <FilterChip
          active={!filters.when && !filters.from && !filters.to}
          onClick={() => onChangeMany({ when: undefined, from: undefined, to: undefined })}
        >
          {t('events.anyDate')}
        </FilterChip>
        {EVENT_WHEN.map((when) => (
          <FilterChip
            key={when}
            active={filters.when === when}
            onClick={() => onChange('when', filters.when === when ? undefined : when)}
          >
            {t(`events.when.${when}`)}
          </FilterChip>
        ))}
      </div>
      <div className={`${open ? 'grid' : 'hidden'} grid-cols-2 gap-3 lg:grid lg:grid-cols-5`}>
        <FilterDate
          name="from"
          label={t('events.from')}
          value={filters.from ?? ''}
          onChange={(v) => onChange('from', v)}
        />
        <FilterDate
          name="to"
          label={t('events.to')}
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(v) => onChange('to', v)}
        />
        <FilterSelect
          name="genre"
          label={t('events.genre')}
          anyLabel={t('events.anyGenre')}
          value={filters.genre ?? ''}
          options={GENRES.map((g) => ({ value: g, label: t(`genres.${g}`) }))}
          onChange={(v) => onChange('genre', v)}
        />
        <FilterSelect
          name="barrio"
          label={t('events.barrio')}
          anyLabel={t('events.anyBarrio')}
          value={filters.barrio ?? ''}
          options={BARRIOS.map((b) => ({ value: b, label: b }))}
          onChange={(v) => onChange('barrio', v)}
        />
        <FilterSelect
          name="maxPrice"
          label={t('events.maxPrice')}
          anyLabel={t('events.anyPrice')}
          value={filters.maxPrice === undefined ? '' : String(filters.maxPrice)}
          options={PRICE_STEPS.map((euros) => ({
            value: String(euros),
            label:
              euros === 0 ? t('events.free') : t('events.upTo', { price: formatPrice(euros * 100, locale) }),
          }))}
          onChange={(v) => onChange('maxPrice', v)}
        />
      </div>
      {(filters.club || countEventFilters(filters) > 0) && (
        <div className="flex flex-wrap items-center gap-2">
          {filters.club && (
            <span className="inline-flex items-center gap-1 rounded-full border border-neon-500/50 bg-neon-500/10 py-1 pl-3 pr-1 text-sm text-neon-400">
              {t('events.club', { name: clubName ?? filters.club })}
              <button
                type="button"
                aria-label={t('events.removeClub')}
                onClick={() => onChange('club', undefined)}
                className="rounded-full p-1 hover:bg-neon-500/20"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </span>
          )}
          <button
            type="button"
            onClick={onClear}
            className="text-sm text-white/60 underline-offset-4 hover:text-white hover:underline"
          >
            {t('clearFilters')}
          </button>
        </div>
      )}
    </section>
  );
}
