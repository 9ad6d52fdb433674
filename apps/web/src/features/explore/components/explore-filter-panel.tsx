// The filters of /explore: the night(s) as chips, then genre, barrio, price, age, a date and "abierto ahora".
import { BARRIOS, GENRES } from '@nocturna/shared/catalogue-values';
import { useTranslation } from 'react-i18next';
import { FilterChip } from '../../../components/catalogue/filter-chip.tsx';
import { FilterDate, FilterSelect } from '../../../components/catalogue/filter-select.tsx';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatPrice } from '../../../lib/catalogue-format.ts';
import {
  AGE_CHOICES,
  PRICE_STEPS_EUR,
  WHEN_CHOICES,
  type ExploreFilterKey,
  type ExploreFilters,
} from '../explore-filters.ts';

type Props = {
  filters: ExploreFilters;
  onChange: (key: ExploreFilterKey, value: string | number | boolean | undefined) => void;
  today: string;
};

export function WhenChips({ filters, onChange, wrap = false }: Omit<Props, 'today'> & { wrap?: boolean }) {
  const { t } = useTranslation('explore');
  return (
    <div
      className={`flex items-center gap-2 pb-1 ${wrap ? 'flex-wrap' : 'overflow-x-auto [scrollbar-width:none]'}`}
    >
      {WHEN_CHOICES.filter((w) => w !== 'date').map((when) => (
        <FilterChip key={when} active={filters.when === when} onClick={() => onChange('when', when)}>
          {t(`when.${when}`)}
        </FilterChip>
      ))}
      <FilterChip active={filters.openNow} onClick={() => onChange('openNow', !filters.openNow)}>
        {t('openNow')}
      </FilterChip>
    </div>
  );
}

export function ExploreFilterPanel({ filters, onChange, today }: Props) {
  const { t } = useTranslation('explore');
  const tc = useTranslation('catalogue').t;
  const locale = useLocale();
  return (
    <div className="grid grid-cols-2 gap-3">
      <FilterSelect
        name="genre"
        label={t('genre')}
        anyLabel={t('anyGenre')}
        value={filters.genre ?? ''}
        options={GENRES.map((g) => ({ value: g, label: tc(`genres.${g}`) }))}
        onChange={(v) => onChange('genre', v)}
      />
      <FilterSelect
        name="barrio"
        label={t('barrio')}
        anyLabel={t('anyBarrio')}
        value={filters.barrio ?? ''}
        options={BARRIOS.map((b) => ({ value: b, label: b }))}
        onChange={(v) => onChange('barrio', v)}
      />
      <FilterSelect
        name="maxPrice"
        label={t('maxPrice')}
        anyLabel={t('anyPrice')}
        value={filters.maxPrice === undefined ? '' : String(filters.maxPrice)}
        options={PRICE_STEPS_EUR.map((euros) => ({
          value: String(euros * 100),
          label: euros === 0 ? t('free') : t('upTo', { price: formatPrice(euros * 100, locale) }),
        }))}
        onChange={(v) => onChange('maxPrice', v)}
      />
      <FilterSelect
        name="age"
        label={t('age')}
        anyLabel={t('anyAge')}
        value={filters.age === undefined ? '' : String(filters.age)}
        options={AGE_CHOICES.map((age) => ({ value: String(age), label: t('ageValue', { age }) }))}
        onChange={(v) => onChange('age', v)}
      />
      <div className="col-span-2">
        <FilterDate
          name="date"
          label={t('date')}
          value={filters.when === 'date' ? (filters.date ?? '') : ''}
          min={today}
          onChange={(v) => onChange(v ? 'date' : 'when', v ?? 'week')}
        />
      </div>
    </div>
  );
}
