import { useTranslation } from 'react-i18next';

// The lazy-route fallback: "Cargando módulo...".
export function LoadingModule() {
  const { t } = useTranslation('common');
  return (
    <div
      role="status"
      className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 text-white/70"
    >
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-2 border-neon-500/20 border-t-neon-400 motion-reduce:animate-none"
      />
      <p className="text-sm font-medium">{t('loadingModule')}</p>
    </div>
  );
}
