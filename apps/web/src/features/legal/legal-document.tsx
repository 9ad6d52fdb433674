// The terms of use and the privacy policy share this page: title, date, introduction, a table of contents and the
// numbered sections, all from the `legal` catalogue of the language shown (each section may have paragraphs, a
// list and paragraphs after it), the company's identifying data under the first, and a link to the other document.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/app-link.tsx';
import { focusRing } from '../../components/focus-ring.ts';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { paths } from '../../lib/paths.ts';
import { LegalIdentityList } from './legal-identity.tsx';
import { Card } from '../../components/ui/card.tsx';

type Section = { title: string; body?: string[]; items?: string[]; after?: string[] };
export type LegalDoc = 'terms' | 'privacy';

const link = `rounded text-neon-300 underline underline-offset-2 hover:text-neon-200 ${focusRing}`;

export function LegalDocument({ doc }: { doc: LegalDoc }) {
  const { t } = useTranslation('legal');
  const title = t(`${doc}.title`);
  usePageTitle(`${title} · Nocturna`);
  const sections = t(`${doc}.sections`, { returnObjects: true }) as unknown as Section[];
  const other: LegalDoc = doc === 'terms' ? 'privacy' : 'terms';
  const anchor = (index: number) => `${doc}-${index + 1}`;
  // The app keeps the scroll position from page to page, and these are reached from the footer at the bottom of
  // another page: a document opens at its start (or at the section its address names).
  useEffect(() => {
    if (!window.location.hash) window.scrollTo({ top: 0 });
  }, [doc]);
  return (
    <article className="mx-auto w-full max-w-3xl px-5 py-8 text-white/80 sm:py-12">
      <h1 className="text-3xl font-black tracking-tight text-white">{title}</h1>
      <p className="mt-2 text-sm text-white/60">{t('updated')}</p>
      <p className="mt-6 leading-relaxed">{t(`${doc}.intro`)}</p>
      <Card as="nav" className="mt-8" aria-labelledby={`${doc}-contents`}>
        <h2 id={`${doc}-contents`} className="text-sm font-semibold tracking-wide text-white uppercase">
          {t('contents')}
        </h2>
        <ol className="mt-3 space-y-1.5 text-sm">
          {sections.map((section, index) => (
            <li key={section.title}>
              <a href={`#${anchor(index)}`} className={link}>
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </Card>
      {sections.map((section, index) => (
        <section key={section.title} id={anchor(index)} className="mt-10 scroll-mt-20">
          <h2 className="text-xl font-bold text-white">{section.title}</h2>
          {section.body?.map((text) => (
            <p key={text} className="mt-3 leading-relaxed">
              {text}
            </p>
          ))}
          {section.items && (
            <ul className="mt-3 list-disc space-y-2 pl-5 leading-relaxed marker:text-neon-400">
              {section.items.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          )}
          {index === 0 && <LegalIdentityList />}
          {section.after?.map((text) => (
            <p key={text} className="mt-3 leading-relaxed">
              {text}
            </p>
          ))}
        </section>
      ))}
      <p className="mt-12 border-t border-white/10 pt-6">
        <AppLink to={paths[other]} className={link}>
          {t(`otherDoc.${doc}`)}
        </AppLink>
      </p>
    </article>
  );
}
