// The promoter's statements: one event's, or a period's (this month by default).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tonightDate } from '@nocturna/shared/madrid-time';
import { focusRing } from '../../../components/focus-ring.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { statementUrl, useMyStatement, type StatementScope } from '../api/rpp.ts';
import { StatementView } from './statement-view.tsx';
import { Card } from '../../../components/ui/card.tsx';

const input = `rounded-xl border border-white/15 bg-night-950 px-3 py-2 text-white ${focusRing}`;

export function MyStatements({ events }: { events: { id: string; name: string }[] }) {
  const { t } = useTranslation('rpp');
  const errorText = useErrorText();
  const today = tonightDate(new Date());
  const [choice, setChoice] = useState<string>(events[0]?.id ?? 'period');
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const scope: StatementScope = choice === 'period' ? { from, to } : { eventId: choice };
  const statement = useMyStatement(scope);
  return (
    <Card as="section" padding="md" className="grid grid-cols-1 gap-3" aria-labelledby="statements">
      <h2 id="statements" className="text-xl font-bold text-white">
        {t('statement.title')}
      </h2>
      <div className="flex flex-wrap gap-2">
        <label className="sr-only" htmlFor="statement-scope">
          {t('statement.scope')}
        </label>
        <select
          id="statement-scope"
          // A long night's name is cut inside the field rather than widening the page past a phone's screen.
          className={`${input} w-full min-w-0 sm:w-auto sm:max-w-full`}
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
        >
          {events.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
          <option value="period">{t('statement.period')}</option>
        </select>
        {choice === 'period' && (
          <>
            <input
              aria-label={t('statement.from')}
              type="date"
              className={input}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
            <input
              aria-label={t('statement.to')}
              type="date"
              className={input}
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          </>
        )}
      </div>
      {statement.isPending ? (
        <p className="text-sm text-white/60">{t('loading')}</p>
      ) : statement.isError ? (
        <p className="text-sm text-flame-500">{errorText(statement.error, t('statement.loadFailed'))}</p>
      ) : (
        <StatementView statement={statement.data} fileUrl={(format) => statementUrl(scope, format)} />
      )}
    </Card>
  );
}
