import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';

// Lazy routes load before the router commits the navigation, so the Suspense fallback alone would never
// show on a click: while a page's module is on its way, a neon bar and "Cargando módulo..." say so.
export function RouteProgress() {
  const { t } = useTranslation('common');
  const loading = useNavigation().state === 'loading';
  if (!loading) return null;
  return (
    <div
      role="status"
      data-testid="route-progress"
      className="pointer-events-none fixed inset-x-0 top-0 z-[65]"
    >
      <div className="h-0.5 w-full animate-pulse bg-gradient-to-r from-neon-600 via-neon-400 to-flame-500" />
      <p className="absolute top-2 left-1/2 -translate-x-1/2 rounded-full border border-white/10 bg-night-900/95 px-3 py-1 text-xs font-medium text-white/80 shadow-lg">
        {t('loadingModule')}
      </p>
    </div>
  );
}
