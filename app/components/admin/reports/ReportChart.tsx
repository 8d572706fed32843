import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ReportTable } from "~/lib/report-tables";
import { formatCell, formatTick } from "./format-cell";

/**
 * One report's chart (Recharts, loaded by the staff reports page only; ADR 024). It draws the
 * numbers of the table beside it, which is what assistive technology reads: the chart is one
 * image with a label, nothing in it takes the focus. Each series has its colour and its name in
 * the legend; bars of names (services, formations) lie horizontally so that the names stay whole.
 */
export function ReportChart({ table }: { table: ReportTable }) {
  const { chart, columns } = table;
  const data = table.rows.map((row) => {
    const point: Record<string, string | number | null> = { name: String(row[0]) };
    for (const s of chart.series) point[`s${s.column}`] = row[s.column];
    return point;
  });
  const horizontal = table.id === "services" || table.id === "formations" || table.id === "jours" || table.id === "modes";
  const height = horizontal ? Math.max(200, 56 + data.length * (chart.series.length > 1 ? 44 : 32)) : 280;
  const tick = { fontSize: 12, fill: "#334155" };
  const valueAxis = { tick, tickFormatter: (v: number) => formatTick(chart.unit, v), allowDecimals: chart.unit !== "count" };
  // the axis names a week by its Saturday ('21/11'); the table says 'sem. du 21/11'
  const categoryAxis = { dataKey: "name", tick, interval: "preserveStartEnd" as const, minTickGap: 4, tickFormatter: (v: string) => v.replace(/^sem\. du /, "") };

  return (
    <div role="img" aria-label={`Graphique : ${table.title}. Les chiffres sont dans le tableau.`} className="w-full" style={{ height }}>
      {data.length === 0 ? (
        <p className="flex h-full items-center justify-center rounded-xl border border-dashed border-slate-300 text-sm text-slate-600">Rien sur cette période.</p>
      ) : (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout={horizontal ? "vertical" : "horizontal"} margin={{ top: 8, right: 12, bottom: 4, left: 4 }} accessibilityLayer={false}>
            <CartesianGrid stroke="#e2e8f0" vertical={horizontal} horizontal={!horizontal} />
            {horizontal ? (
              <>
                <XAxis type="number" {...valueAxis} />
                <YAxis type="category" {...categoryAxis} width={118} interval={0} />
              </>
            ) : (
              <>
                <XAxis type="category" {...categoryAxis} />
                <YAxis type="number" {...valueAxis} width={chart.unit === "amount" ? 92 : 48} />
              </>
            )}
            <Tooltip
              formatter={(value, _name, item) => {
                const col = Number(String(item.dataKey).slice(1));
                return formatCell(columns[col].kind, typeof value === "number" ? value : null);
              }}
              cursor={{ fill: "#f1f5f9" }}
            />
            <Legend itemSorter="dataKey" wrapperStyle={{ fontSize: 13 }} />
            {chart.series.map((s) => (
              <Bar key={s.column} dataKey={`s${s.column}`} name={s.label} fill={s.color} stackId={chart.stacked ? "a" : undefined} maxBarSize={horizontal ? 22 : 48} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      )}
    </div>
  );
}
