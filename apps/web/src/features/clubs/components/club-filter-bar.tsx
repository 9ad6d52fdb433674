// Search, barrio, music and opening day of the club list; every choice goes to the URL.
import { BARRIOS, GENRES, WEEKDAYS } from '@nocturna/shared/catalogue-values';
import { useTranslation } from 'react-i18next';
import { FilterChip } from '../../../components/catalogue/filter-chip.tsx';
import { FilterSelect } from '../../../components/catalogue/filter-select.tsx';
import { SearchField } from '../../../components/catalogue/search-field.tsx';
import { countClubFilters, type ClubFilterKey, type ClubFilters } from '../club-filters.ts';

type Props = {
  filters: ClubFilters;
  onChange: (key: ClubFilterKey, value: string | undefined) => void;
  onClear: () => void;
};

export function ClubFilterBar({ filters, onChange, onClear }: Props) {
  const { t } = useTranslation('catalogue');
  return (
    <section className="space-y-3">
      <div className="grid gap-3 md:grid-cols-[1fr_auto_auto] md:items-end">
        <SearchField
          value={filters.q ?? ''}
          onChange={(q) => onChange('q', q)}
          placeholder={t('clubs.search')}
          label={t('clubs.searchLabel')}
          clearLabel={t('clearSearch')}
        />
        <div className="grid grid-cols-2 gap-3 md:contents">
          <FilterSelect
            name="barrio"
            label={t('clubs.barrio')}
            anyLabel={t('clubs.anyBarrio')}
            value={filters.barrio ?? ''}
            options={BARRIOS.map((b) => ({ value: b, label: b }))}
            onChange={(v) => onChange('barrio', v)}
          />
          <FilterSelect
            name="genre"
            label={t('clubs.genre')}
            anyLabel={t('clubs.anyGenre')}
            value={filters.genre ?? ''}
            options={GENRES.map((g) => ({ value: g, label: t(`genres.${g}`) }))}
            onChange={(v) => onChange('genre', v)}
          />
        </div>
      </div>
      <div
        className="-mx-4 flex items-center gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
        role="group"
        aria-label={t('clubs.day')}
      >
        <span className="shrink-0 text-xs font-medium uppercase tracking-wide text-white/50">
          {t('clubs.day')}
        </span>
        <FilterChip active={!filters.day} onClick={() => onChange('day', undefined)}>
          {t('clubs.anyDay')}
        </FilterChip>
        {WEEKDAYS.map((day) => (
          <FilterChip
            key={day}
            active={filters.day === day}
            onClick={() => onChange('day', filters.day === day ? undefined : day)}
          >
            {t(`weekdays.${day}`)}
          </FilterChip>
        ))}
        {countClubFilters(filters) > 0 && (
          <button
            type="button"
            onClick={onClear}
            className="ml-2 shrink-0 text-sm text-white/60 underline-offset-4 hover:text-white hover:underline"
          >
            {t('clearFilters')}
          </button>
        )}
      </div>
    </section>
  );
}
