import { AppLink } from '../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths.ts';
import { focusRing } from '../../components/focus-ring.ts';
import { BrandMark } from '../../components/brand-mark.tsx';

// The brand with its subtitle; `compact` hides the words (collapsed sidebar).
export function Brand({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation(['common', 'shell']);
  return (
    <AppLink
      to={paths.home}
      aria-label={compact ? t('shell:header.home') : undefined}
      className={`flex min-w-0 items-center gap-2.5 rounded-lg ${focusRing}`}
    >
      <BrandMark className="size-9 shrink-0" />
      {!compact && (
        <span className="flex min-w-0 flex-col leading-tight">
          <span className="truncate text-lg font-black tracking-tight text-white">{t('common:brand')}</span>
          <span className="truncate text-[11px] font-medium tracking-wide text-neon-400 uppercase">
            {t('common:brandSubtitle')}
          </span>
        </span>
      )}
    </AppLink>
  );
}
