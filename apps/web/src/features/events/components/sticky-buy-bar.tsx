// On a phone the tickets sit far below the poster: a bar above the tab bar keeps the true "desde" price and
// "Conseguir" under the thumb, and steps aside while the tickets themselves are on screen. Wide screens show the
// price beside the poster and need no bar.
import { useEffect, useState } from 'react';
import type { EventPrice } from '@nocturna/shared';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/focus-ring.ts';
import { usePriceWords } from '../../../components/catalogue/use-price-words.ts';

export function StickyBuyBar({ price, targetId }: { price: EventPrice; targetId: string }) {
  const { t } = useTranslation('catalogue');
  const words = usePriceWords();
  const [offersInView, setOffersInView] = useState(false);
  useEffect(() => {
    const target = document.getElementById(targetId);
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setOffersInView(Boolean(entry?.isIntersecting)));
    observer.observe(target);
    return () => observer.disconnect();
  }, [targetId]);
  const line = words.from(price);
  if (!line || offersInView) return null;
  const toOffers = () => {
    const target = document.getElementById(targetId);
    if (!target) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    // Keyboard and screen-reader users land on the tickets, not back at the top.
    target.focus({ preventScroll: true });
  };
  return (
    <div
      data-testid="sticky-buy-bar"
      className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-20 border-t border-white/10 bg-night-950/95 px-4 py-2 backdrop-blur-md lg:hidden"
    >
      <div className="mx-auto flex max-w-lg items-center justify-between gap-3">
        <span
          className={`font-semibold ${words.unavailable(price) ? 'text-white/60' : 'text-white'}`}
          data-testid="sticky-buy-price"
        >
          {line}
        </span>
        <button
          type="button"
          onClick={toOffers}
          className={`inline-flex h-11 items-center rounded-full bg-neon-500 px-6 text-sm font-bold text-white shadow-[0_0_20px_-4px] shadow-neon-500 ${focusRing}`}
        >
          {words.unavailable(price) ? t('events.seeTickets') : t('events.getTickets')}
        </button>
      </div>
    </div>
  );
}
