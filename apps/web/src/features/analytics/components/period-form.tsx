// The period a club's analytics cover: three presets (the last 30, 90 or 365 days) or two dates and "Aplicar".
// The dates are Madrid's calendar days; a preset fills the two dates with what it chose.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { madridWallClock } from '@nocturna/shared/madrid-time';
import { focusRing } from '../../../components/focus-ring.ts';
import { Button } from '../../../components/ui/button.tsx';

const DAY = 86_400_000;
const PRESETS = [30, 90, 365] as const;
const dateIn = (days: number) => madridWallClock(new Date(Date.now() + days * DAY)).date;

export function PeriodForm({
  initial,
  onPeriod,
}: {
  initial: { from?: string; to?: string };
  onPeriod: (from: string, to: string) => void;
}) {
  const { t } = useTranslation('analytics');
  const [draft, setDraft] = useState({ from: initial.from ?? dateIn(-90), to: initial.to ?? dateIn(30) });
  const choose = (from: string, to: string) => {
    setDraft({ from, to });
    onPeriod(from, to);
  };
  return (
    <form
      className="mt-4 flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        choose(draft.from, draft.to);
      }}
    >
      {PRESETS.map((days) => (
        <Button tone="secondary" key={days} type="button" onClick={() => choose(dateIn(-days), dateIn(0))}>
          {t('club.lastDays', { count: days })}
        </Button>
      ))}
      <label className="text-sm text-white/70">
        {t('club.from')}
        <input
          type="date"
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          className={`mt-1 block h-10 rounded-xl border border-white/10 bg-night-800 px-2 text-white ${focusRing}`}
        />
      </label>
      <label className="text-sm text-white/70">
        {t('club.to')}
        <input
          type="date"
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          className={`mt-1 block h-10 rounded-xl border border-white/10 bg-night-800 px-2 text-white ${focusRing}`}
        />
      </label>
      <Button tone="secondary" type="submit">
        {t('club.apply')}
      </Button>
    </form>
  );
}
