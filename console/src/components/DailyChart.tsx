import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Verifications per day, verified among them: a bar chart with a table for screen readers. */
export default function DailyChart({ buckets }: { buckets: Array<{ label: string; volume: number; verified: number }> }) {
  return (
    <>
      <div className="h-64" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={buckets} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={40} />
            {/* Each item's text in the bar's colour (recharts' default) is too faint for the light bar on white. */}
            <Tooltip itemStyle={{ color: '#1e293b' }} labelStyle={{ color: '#1e293b' }} />
            <Bar dataKey="volume" name="Verifications" fill="#94a3b8" />
            <Bar dataKey="verified" name="Verified" fill="#047857" />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>Verifications per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Verifications</th>
            <th scope="col">Verified</th>
          </tr>
        </thead>
        <tbody>
          {buckets.map((b) => (
            <tr key={b.label}>
              <td>{b.label}</td>
              <td>{b.volume}</td>
              <td>{b.verified}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
