import { useTranslation } from 'react-i18next';

export function GenreChips({ genres, max }: { genres: string[]; max?: number }) {
  const { t } = useTranslation('catalogue');
  const shown = max === undefined ? genres : genres.slice(0, max);
  return (
    <ul className="flex flex-wrap gap-1.5">
      {shown.map((genre) => (
        <li
          key={genre}
          className="rounded-full border border-neon-500/30 bg-neon-500/10 px-2.5 py-0.5 text-xs font-medium text-neon-400"
        >
          {t(`genres.${genre}`, { defaultValue: genre })}
        </li>
      ))}
    </ul>
  );
}
