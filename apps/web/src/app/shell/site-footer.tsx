// The foot of every page, under the page's own content: the legal pages (terms of use, privacy policy) and
// contact, as the LSSI-CE asks of a Spanish site. On phones it leaves room for the bottom tab bar.
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/app-link.tsx';
import { focusRing } from '../../components/focus-ring.ts';
import { paths } from '../../lib/paths.ts';

const link = `rounded hover:text-white ${focusRing}`;

export function SiteFooter({ roomForBar }: { roomForBar: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <footer
      className={`border-t border-white/5 px-5 pt-6 text-sm text-white/60 ${roomForBar ? 'pb-24 lg:pb-6' : 'pb-6'}`}
    >
      <nav aria-label={t('footer.label')}>
        <ul className="flex flex-wrap gap-x-5 gap-y-2">
          <li>
            <AppLink to={paths.terms} className={link}>
              {t('footer.terms')}
            </AppLink>
          </li>
          <li>
            <AppLink to={paths.privacy} className={link}>
              {t('footer.privacy')}
            </AppLink>
          </li>
          <li>
            <AppLink to={paths.contact} className={link}>
              {t('footer.contact')}
            </AppLink>
          </li>
        </ul>
      </nav>
      <p className="mt-3 text-xs text-white/50">{t('footer.company')}</p>
    </footer>
  );
}
