// The bar chart the analytics pages draw, as columns over a category (nights, check-in slots, age buckets) or as
// rows for a few named categories (genres, sales channels), in the pages' dark theme. Each bar names its series,
// so the legend and the tooltip read in the person's language.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLOURS, axisStyle, tooltipStyle } from './analytics-parts.tsx';

export type BarSeries = { key: string; name: string; colour: number };

type Common<Row> = {
  data: Row[];
  bars: BarSeries[];
  // The chart box's Tailwind height class: the chart fills it.
  height: string;
  legend?: boolean;
  testId?: string;
  // The tooltip's heading for the row under the pointer; the category's own value when left out.
  tooltipLabel?: (label: unknown, row: Row | undefined) => string;
};

const labelOf =
  <Row,>(format: Common<Row>['tooltipLabel']) =>
  (label: unknown, payload: readonly { payload?: unknown }[] | undefined) =>
    format ? format(label, payload?.[0]?.payload as Row | undefined) : String(label);

// `rows` absent: columns standing on a horizontal axis of categories, with a light grid behind them. `rows`: bars
// lying along a vertical axis of a few named categories, the names on the left in a column that wide.
export function BarsChart<Row>({
  data,
  bars,
  height,
  legend = false,
  testId,
  tooltipLabel,
  category,
  tickFormatter,
  minTickGap = 12,
  rows,
}: Common<Row> & {
  category: string;
  tickFormatter?: (value: string) => string;
  minTickGap?: number;
  rows?: { labelWidth: number };
}) {
  return (
    <div className={height} data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          layout={rows ? 'vertical' : 'horizontal'}
          margin={rows ? { left: 8, right: 16 } : { left: -16, right: 8 }}
        >
          {rows ? (
            <>
              <XAxis type="number" tick={axisStyle} allowDecimals={false} />
              <YAxis
                type="category"
                dataKey={category}
                tick={axisStyle}
                width={rows.labelWidth}
                tickFormatter={tickFormatter}
              />
            </>
          ) : (
            <>
              <CartesianGrid stroke="rgba(255,255,255,0.08)" vertical={false} />
              <XAxis
                dataKey={category}
                tick={axisStyle}
                minTickGap={minTickGap}
                tickFormatter={tickFormatter}
              />
              <YAxis tick={axisStyle} allowDecimals={false} />
            </>
          )}
          <Tooltip {...tooltipStyle} labelFormatter={labelOf(tooltipLabel)} />
          {legend && <Legend wrapperStyle={{ fontSize: 12 }} />}
          {bars.map((bar) => (
            <Bar
              key={bar.key}
              dataKey={bar.key}
              name={bar.name}
              fill={CHART_COLOURS[bar.colour % CHART_COLOURS.length]}
              radius={rows ? [0, 4, 4, 0] : [4, 4, 0, 0]}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
