// A night's sales day by day, one stacked area per ticket type, each in its own colour and named by its type.
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { EventAnalytics } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatDay } from '../../../lib/catalogue-format.ts';
import { CHART_COLOURS, axisStyle, tooltipStyle } from './analytics-parts.tsx';
import type { cumulativeSales } from '../cumulative-sales.ts';

export function SalesChart({
  sales,
  types,
}: {
  sales: ReturnType<typeof cumulativeSales>;
  types: EventAnalytics['byType'];
}) {
  const locale = useLocale();
  return (
    <div className="h-64" data-testid="sales-chart">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={sales} margin={{ left: -16, right: 8 }}>
          <CartesianGrid stroke="rgba(255,255,255,0.08)" vertical={false} />
          <XAxis
            dataKey="day"
            tick={axisStyle}
            tickFormatter={(d: string) => formatDay(`${d}T12:00:00Z`, locale)}
            minTickGap={24}
          />
          <YAxis tick={axisStyle} allowDecimals={false} />
          <Tooltip {...tooltipStyle} labelFormatter={(d) => formatDay(`${d as string}T12:00:00Z`, locale)} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {types.map((type, i) => (
            <Area
              key={type.id}
              type="monotone"
              dataKey={type.id}
              name={type.name}
              stackId="1"
              stroke={CHART_COLOURS[i % CHART_COLOURS.length]}
              fill={CHART_COLOURS[i % CHART_COLOURS.length]}
              fillOpacity={0.35}
            />
          ))}
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
