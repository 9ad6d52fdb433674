// Favourite genres picked from the catalogue's genres, at most five: the rest switch off once five are chosen.
import { useTranslation } from 'react-i18next';
import { GENRES } from '@nocturna/shared/catalogue-values';
import { FAVOURITE_GENRES_MAX } from '@nocturna/shared/profiles';

type Props = { value: string[]; onChange: (next: string[]) => void; labelId: string; describedBy?: string };

export function GenrePicker({ value, onChange, labelId, describedBy }: Props) {
  const { t } = useTranslation('catalogue');
  const full = value.length >= FAVOURITE_GENRES_MAX;
  const toggle = (genre: string) =>
    onChange(value.includes(genre) ? value.filter((g) => g !== genre) : [...value, genre]);
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      className="flex flex-wrap gap-2"
    >
      {GENRES.map((genre) => {
        const on = value.includes(genre);
        return (
          <button
            key={genre}
            type="button"
            aria-pressed={on}
            disabled={!on && full}
            onClick={() => toggle(genre)}
            className={`rounded-full border px-3 py-1.5 text-sm font-medium transition focus-visible:ring-2 focus-visible:ring-neon-400 focus-visible:outline-none disabled:opacity-40 ${
              on
                ? 'border-neon-500 bg-neon-600 text-white'
                : 'border-night-700 bg-night-800 text-white/75 hover:border-neon-500/50 hover:text-white'
            }`}
          >
            {t(`genres.${genre}`, { defaultValue: genre })}
          </button>
        );
      })}
    </div>
  );
}
