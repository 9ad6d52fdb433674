import { Check } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/focus-ring.ts';
import { LANGUAGES, type Language } from '../../i18n/index.ts';
import { useSaveLocale } from './api/account.ts';
import { cardClass } from '../../components/ui/card.tsx';

// Español / English as a radio group; i18n remembers the choice and updates <html lang>.
export function LanguageSetting() {
  const { t, i18n } = useTranslation('settings');
  const current = (i18n.resolvedLanguage ?? i18n.language) as Language;
  const saveLocale = useSaveLocale();
  const choose = async (lang: Language) => {
    if (lang === current) return;
    await i18n.changeLanguage(lang);
    // Mails and pushes follow the language chosen here.
    saveLocale.mutate(lang);
    toast.success(t('language.changed'));
  };
  return (
    <fieldset className={`${cardClass({ surface: 'soft' })}`}>
      <legend className="sr-only">{t('language.title')}</legend>
      <h2 className="text-lg font-bold text-white" aria-hidden="true">
        {t('language.title')}
      </h2>
      <p className="mt-1 text-sm text-white/60">{t('language.description')}</p>
      <div className="mt-4 grid gap-2 sm:grid-cols-2">
        {LANGUAGES.map((lang) => {
          const selected = lang === current;
          return (
            <label
              key={lang}
              lang={lang}
              className={`flex cursor-pointer items-center justify-between rounded-xl border px-4 py-3 font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-neon-400 ${
                selected
                  ? 'border-neon-500 bg-neon-500/15 text-white'
                  : 'border-white/10 text-white/70 hover:border-white/25 hover:text-white'
              }`}
            >
              <input
                type="radio"
                name="language"
                value={lang}
                checked={selected}
                onChange={() => void choose(lang)}
                className={`sr-only ${focusRing}`}
              />
              {t(`language.${lang}`)}
              {selected && <Check aria-hidden="true" className="size-5 text-neon-400" />}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
