// Followers over the last 30 days (recharts).
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export function FollowersChart({
  data,
  label,
}: {
  data: { date: string; followers: number }[];
  label: string;
}) {
  return (
    <div className="h-48 w-full" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
          <CartesianGrid stroke="rgba(255,255,255,0.08)" vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={(d: string) => d.slice(8)}
            stroke="rgba(255,255,255,0.5)"
            fontSize={11}
          />
          <YAxis allowDecimals={false} stroke="rgba(255,255,255,0.5)" fontSize={11} />
          <Tooltip contentStyle={{ background: '#1b1030', border: '1px solid #2a1a47', color: '#fff' }} />
          <Area type="monotone" dataKey="followers" stroke="#c084fc" fill="#a855f7" fillOpacity={0.25} />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
