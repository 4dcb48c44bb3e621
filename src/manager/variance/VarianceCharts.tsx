// The Verschillenanalyse's two charts, hand-made SVG as the tool's Overzicht (no chart library): the
// waterfall from NCW A through the five steps to NCW B, and both models' cash flow per period.
import { niceTicks } from '../../lib/chartTicks.ts';
import { formatMoney, formatMoneyCompact, formatNumber } from '../../lib/nlFormat.ts';
import type { WaterfallBar } from './varianceView.ts';

export const CHART_COLORS = { total: '#2d72d2', up: '#238551', down: '#cd4246', none: '#8f99a8', a: '#8f99a8', b: '#2d72d2', grid: '#e5e8eb', axis: '#8f99a8' };

/** A step's Δ with its sign ('+4.368,51', '-1.960,78'); a model's NCW as it is. */
export const barValue = (bar: WaterfallBar) => (bar.kind === 'up' ? `+${formatNumber(bar.value)}` : formatNumber(bar.value));

/** The words of a label over lines of about `width` characters (SVG text does not wrap). */
function lines(text: string, width: number): string[] {
  const out: string[] = [];
  for (const word of text.split(' ')) {
    const last = out.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out;
}

/** Gridlines on round amounts, labelled the Dutch way, with the axis at 0. */
function Grid({ ticks, y, left, right }: { ticks: number[]; y: (v: number) => number; left: number; right: number }) {
  return (
    <>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={left} x2={right} y1={y(t)} y2={y(t)} stroke={t === 0 ? CHART_COLORS.axis : CHART_COLORS.grid} />
          <text x={left - 6} y={y(t) + 4} fontSize={11} textAnchor="end">{formatMoneyCompact(t)}</text>
        </g>
      ))}
    </>
  );
}

/**
 * NCW A, the steps floating from one running total to the next, NCW B. The amounts stand in a row above
 * the bars (each in its bar's colour, a rise with '+'), so a bar of a few euros keeps a readable label.
 */
export function Waterfall({ bars }: { bars: WaterfallBar[] }) {
  const W = 1000;
  const H = 300;
  const left = 80;
  const top = 34;
  const bottom = 40;
  const ticks = niceTicks(Math.min(0, ...bars.flatMap((b) => [b.from, b.to])), Math.max(0, ...bars.flatMap((b) => [b.from, b.to])));
  const [lo, hi] = [ticks[0]!, ticks.at(-1)!];
  const y = (v: number) => top + ((hi - v) / (hi - lo)) * (H - top - bottom);
  const bw = (W - left) / bars.length;
  const x = (i: number) => left + i * bw;
  return (
    <figure className="gs-variance-chart" data-testid="variance-waterfall">
      <ul className="gs-variance-legend" aria-label="Legenda">
        <li><i style={{ background: CHART_COLORS.total }} />NCW van het rekenmodel</li>
        <li><i style={{ background: CHART_COLORS.up }} />Stap verhoogt de NCW</li>
        <li><i style={{ background: CHART_COLORS.down }} />Stap verlaagt de NCW</li>
      </ul>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Verschil in NCW van A naar B per stap">
        <Grid ticks={ticks} y={y} left={left} right={W} />
        {bars.map((b, i) => {
          const color = CHART_COLORS[b.kind];
          const next = bars[i + 1];
          return (
            <g key={b.key} data-testid={`waterfall-${b.key}`} data-kind={b.kind}>
              <rect x={x(i) + bw * 0.18} width={bw * 0.64} y={Math.min(y(b.from), y(b.to))} height={Math.max(1, Math.abs(y(b.to) - y(b.from)))} fill={color}>
                <title>{`${b.label}: ${barValue(b)}`}</title>
              </rect>
              {next && next.kind !== 'total' && (
                <line x1={x(i) + bw * 0.82} x2={x(i + 1) + bw * 0.18} y1={y(b.to)} y2={y(b.to)} stroke={CHART_COLORS.axis} strokeDasharray="3 3" />
              )}
              <text className="gs-variance-value" x={x(i) + bw / 2} y={16} fontSize={13} fontWeight={600} textAnchor="middle" fill={b.kind === 'none' ? '#5f6b7c' : color}>
                {barValue(b)}
              </text>
              <text x={x(i) + bw / 2} y={H - bottom + 16} fontSize={12} textAnchor="middle">
                {lines(b.label, 14).map((l, k) => <tspan key={l} x={x(i) + bw / 2} dy={k ? 14 : 0}>{l}</tspan>)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** Each model's net cash flow (costs − revenues) per period on one time axis; a model has no point where it has no period. */
export function CashFlowChart({ labels, series }: { labels: string[]; series: { name: string; color: string; dashed?: boolean; values: (number | null)[] }[] }) {
  const W = 520;
  const H = 260;
  const left = 78;
  const top = 10;
  const bottom = 24;
  const all = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const ticks = niceTicks(Math.min(0, ...all), Math.max(0, ...all));
  const [lo, hi] = [ticks[0]!, ticks.at(-1)!];
  const y = (v: number) => top + ((hi - v) / (hi - lo)) * (H - top - bottom);
  const step = (W - left) / Math.max(1, labels.length);
  const x = (i: number) => left + step * (i + 0.5);
  const every = Math.ceil(labels.length / 8);
  const path = (values: (number | null)[]) => values.map((v, i) => (v === null ? '' : `${i && values[i - 1] !== null ? 'L' : 'M'}${x(i)},${y(v)}`)).join(' ');
  return (
    <figure className="gs-variance-chart" data-testid="variance-cashflow">
      <ul className="gs-variance-legend" aria-label="Legenda">
        {series.map((s) => <li key={s.name}><i className={s.dashed ? 'gs-variance-dashed' : undefined} style={{ background: s.color }} />{s.name}</li>)}
      </ul>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Netto kasstroom per periode van A en B">
        <Grid ticks={ticks} y={y} left={left} right={W} />
        {series.map((s) => (
          <g key={s.name}>
            <path d={path(s.values)} fill="none" stroke={s.color} strokeWidth={2} strokeDasharray={s.dashed ? '6 4' : undefined} />
            {s.values.map((v, i) => (v === null ? null : (
              <circle key={labels[i]} cx={x(i)} cy={y(v)} r={3} fill={s.color}><title>{`${s.name}, ${labels[i]}: ${formatMoney(v)}`}</title></circle>
            )))}
          </g>
        ))}
        {labels.map((l, i) => (i % every === 0 ? <text key={l} x={x(i)} y={H - 6} fontSize={11} textAnchor="middle">{l}</text> : null))}
      </svg>
    </figure>
  );
}
