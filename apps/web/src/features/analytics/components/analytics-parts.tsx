// The pieces every analytics page is made of: a figure tile, a card with a title and its CSV download, and a
// plain table that stays readable on a phone: it scrolls sideways inside its own box (never the page), a box a
// keyboard can reach and scroll, named after its table.
import { useId, type ReactNode } from 'react';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/focus-ring.ts';
import { Card } from '../../../components/ui/card.tsx';

export const CHART_COLOURS = ['#a855f7', '#22d3ee', '#f59e0b', '#f43f5e', '#34d399', '#60a5fa'];
export const axisStyle = { fill: 'rgba(255,255,255,0.6)', fontSize: 12 };
export const tooltipStyle = {
  contentStyle: {
    background: '#140f22',
    border: '1px solid rgba(255,255,255,0.15)',
    borderRadius: 12,
    color: '#fff',
  },
  labelStyle: { color: 'rgba(255,255,255,0.7)' },
};

export function Kpi({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card padding="sm-md" data-testid="kpi">
      <p className="text-xs font-semibold tracking-wide text-white/60 uppercase">{label}</p>
      <p data-testid="kpi-value" className="mt-1 text-2xl font-black text-white tabular-nums sm:text-3xl">
        {value}
      </p>
      {detail && <p className="text-xs text-white/50">{detail}</p>}
    </Card>
  );
}

export function ChartCard({
  title,
  csv,
  children,
  empty,
}: {
  title: string;
  csv?: string;
  children: ReactNode;
  empty?: string | null;
}) {
  const { t } = useTranslation('analytics');
  const titleId = useId();
  return (
    <Card as="section" padding="md" className="min-w-0" aria-labelledby={titleId}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={titleId} className="font-bold text-white">
          {title}
        </h2>
        {csv && (
          <a
            href={csv}
            download
            className={`inline-flex h-9 items-center gap-1.5 rounded-lg border border-white/15 px-3 text-xs font-semibold text-white/80 hover:bg-white/5 ${focusRing}`}
          >
            <Download aria-hidden="true" className="size-4" />
            {t('csv')}
            <span className="sr-only">: {title}</span>
          </a>
        )}
      </div>
      {empty ? <p className="py-6 text-center text-sm text-white/50">{empty}</p> : children}
    </Card>
  );
}

// `lead`: how many columns from the left hold words (left-aligned); the rest are figures.
export function DataTable({
  label,
  head,
  rows,
  lead = 1,
}: {
  label: string;
  head: string[];
  rows: (string | number)[][];
  lead?: number;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (WCAG 2.1.1)
      tabIndex={0}
      data-testid="data-table"
      className={`max-w-full overflow-x-auto overscroll-x-contain rounded-lg ${focusRing}`}
    >
      <table className="w-full min-w-[22rem] text-left text-sm">
        <thead>
          <tr className="border-b border-white/10 text-white/60">
            {head.map((h, i) => (
              <th
                key={h}
                scope="col"
                className={`py-2 pr-3 font-semibold ${i >= lead ? 'text-right whitespace-nowrap' : ''}`}
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r} className="border-b border-white/5 last:border-0">
              {row.map((cell, i) => (
                <td
                  key={i}
                  className={`py-2 pr-3 text-white ${i >= lead ? 'text-right whitespace-nowrap tabular-nums' : 'min-w-32'}`}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
