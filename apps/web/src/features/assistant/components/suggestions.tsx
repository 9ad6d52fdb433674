// First questions, one tap each.
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/focus-ring.ts';

const KEYS = ['tonight', 'techno', 'price', 'tickets'] as const;

export function Suggestions({ onPick }: { onPick: (question: string) => void }) {
  const { t } = useTranslation('assistant');
  return (
    <div>
      <p className="sr-only">{t('suggestions.label')}</p>
      <ul className="flex flex-wrap justify-center gap-2">
        {KEYS.map((key) => (
          <li key={key}>
            <button
              type="button"
              onClick={() => onPick(t(`suggestions.${key}`))}
              className={`rounded-full border border-neon-500/40 bg-night-900 px-3.5 py-2 text-sm text-white/90 transition hover:border-neon-400 hover:bg-night-800 ${focusRing}`}
            >
              {t(`suggestions.${key}`)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
