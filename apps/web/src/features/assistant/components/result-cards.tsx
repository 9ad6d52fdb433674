// The events and clubs an answer is about: poster, date, price from, "Agotado", each linking to its page.
// A swipeable row on the phone, a grid on wider screens.
import { CalendarDays, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link.tsx';
import type { AssistantCard } from '@nocturna/shared/assistant';
import { Poster } from '../../../components/catalogue/poster.tsx';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { usePriceWords } from '../../../components/catalogue/use-price-words.ts';
import { formatNight, formatPrice } from '../../../lib/catalogue-format.ts';
import { paths } from '../../../lib/paths.ts';

const SIZES = '(min-width: 1024px) 240px, 60vw';

export function ResultCards({ cards }: { cards: AssistantCard[] }) {
  const { t } = useTranslation('assistant');
  const locale = useLocale();
  const words = usePriceWords();
  if (cards.length === 0) return null;
  return (
    <ul
      data-testid="assistant-cards"
      className="-mx-1 mt-3 flex snap-x gap-3 overflow-x-auto px-1 pb-2 [scrollbar-width:thin] sm:grid sm:grid-cols-2 sm:overflow-visible xl:grid-cols-3"
    >
      {cards.map((card) => (
        <li
          key={`${card.kind}-${card.id}`}
          className="relative w-56 shrink-0 snap-start overflow-hidden rounded-2xl border border-night-700/70 bg-night-900 transition hover:border-neon-500/60 sm:w-auto"
        >
          <div className="relative">
            <Poster src={card.coverURL} alt="" sizes={SIZES} />
            {card.kind === 'event' && card.soldOut && (
              <span className="absolute right-2 top-2 rounded-lg bg-flame-500 px-2 py-0.5 text-xs font-bold text-white">
                {t('card.soldOut')}
              </span>
            )}
          </div>
          <div className="flex flex-col gap-1 p-3">
            {card.kind === 'event' ? (
              <>
                <p className="flex items-center gap-1 text-xs font-semibold uppercase tracking-wide text-neon-400">
                  <CalendarDays aria-hidden className="size-3.5" />
                  {formatNight(t, card.startAt, null, locale)}
                </p>
                <AppLink
                  to={paths.event(card.slug)}
                  className="line-clamp-2 text-sm font-semibold leading-snug text-white after:absolute after:inset-0 focus:outline-none focus-visible:underline"
                >
                  {card.name}
                </AppLink>
                <p className="flex items-center gap-1 truncate text-xs text-white/70">
                  <MapPin aria-hidden className="size-3 shrink-0 text-neon-400" />
                  <span className="truncate">
                    {card.clubName} · {card.barrio}
                  </span>
                </p>
                {card.price
                  ? card.price.state !== 'sold_out' &&
                    words.from(card.price) && (
                      <p
                        className={`text-sm font-semibold ${words.unavailable(card.price) ? 'text-white/60' : 'text-neon-400'}`}
                      >
                        {words.from(card.price)}
                      </p>
                    )
                  : // An answer saved before cards carried their price: the cheapest it knew then.
                    card.minPrice &&
                    !card.soldOut && (
                      <p className="text-sm font-semibold text-neon-400">
                        {card.minPrice.cents === 0
                          ? t('card.free')
                          : t('card.from', { price: formatPrice(card.minPrice.cents, locale) })}
                      </p>
                    )}
              </>
            ) : (
              <>
                <p className="text-xs font-semibold uppercase tracking-wide text-neon-400">
                  {t('card.club')}
                </p>
                <AppLink
                  to={paths.club(card.slug)}
                  className="text-sm font-semibold text-white after:absolute after:inset-0 focus:outline-none focus-visible:underline"
                >
                  {card.name}
                </AppLink>
                <p className="line-clamp-2 text-xs text-white/70">{card.address}</p>
                <p className="text-xs text-white/70">
                  {card.priceRange} · {t('card.age', { age: card.minimumAge })}
                </p>
              </>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
