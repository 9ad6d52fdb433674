import { useTranslation } from 'react-i18next';

const TONES = {
  draft: 'bg-white/10 text-white/80',
  published: 'bg-emerald-500/20 text-emerald-200',
  cancelled: 'bg-flame-500/20 text-flame-200',
} as const;

export function StatusBadge({ status }: { status: keyof typeof TONES }) {
  const { t } = useTranslation('manage');
  return (
    <span className={`rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wide ${TONES[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}
