import { sectionOf } from '../model/sections.ts';
import type { EntryKind } from '../model/section.ts';
import { Fragment, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Callout, Icon } from '@blueprintjs/core';
import { type SectionGaps, gapTotals, phasingGaps } from '../formulas/phasingGaps.ts';
import { formatCount } from '../lib/count.ts';
import { type EntrySummary, type PeriodResult, type ResultsSummary, nominalTotal } from '../model/results.ts';
import { OVERVIEW_TITLES, RESULT_TITLES } from '../formulas/workbookLayout.ts';
import { formatMoney, formatMoneyCompact, formatNumber } from '../lib/nlFormat.ts';
import { type OverviewRow, balanceTitle, nothingPhased, overviewRows, rowRule } from './overviewRows.ts';
import { niceTicks } from '../lib/chartTicks.ts';
import type { WorkbenchStore } from './WorkbenchStore.ts';

/** Always-visible figures of the top bar (repainted on every edit); `toOverview` opens the Overzicht with the gaps listed. */
export const ResultStrip = observer(function ResultStrip({ store, toOverview }: { store: WorkbenchStore; toOverview: () => void }) {
  const r = store.results;
  if (!r) return <div className="gs-wb-strip" aria-label="Resultaat"><span className="gs-muted">Berekenen…</span></div>;
  return (
    <div className="gs-wb-strip" aria-label="Resultaat">
      <span>EW <b data-testid="strip-ew">{formatMoney(r.ew)}</b></span>
      <span>NCW <b data-testid="strip-ncw">{formatMoney(r.ncw)}</b></span>
      {store.model && <StripGaps gaps={gapTotals(phasingGaps(store.model, r))} toOverview={toOverview} />}
    </div>
  );
});

/** In the top strip, only when there is one: how much is not in the result and how much twice (issue 35.1). */
function StripGaps({ gaps, toOverview }: { gaps: ReturnType<typeof gapTotals>; toOverview: () => void }) {
  if (!gaps.posts) return null;
  const parts = [
    gaps.notInResult ? `${formatMoney(gaps.notInResult)} niet in resultaat` : '',
    gaps.countedTwice ? `${formatMoney(gaps.countedTwice)} dubbel` : '',
  ].filter(Boolean);
  return (
    <a href="#" className="gs-wb-strip-gaps" data-testid="strip-gaps" title={`${formatCount(gaps.posts, 'post is', 'posten zijn')} niet precies volledig gefaseerd; het Overzicht noemt ze.`}
      onClick={(e) => { e.preventDefault(); toOverview(); }}>
      <Icon icon="warning-sign" size={12} /> {parts.join(' · ')}
    </a>
  );
}

/** The Overzicht's list of what is not in the result or in it twice, per section, each post a link to its Fasering (issue 35.1). */
export function GapNotice({ gaps, toSection }: { gaps: SectionGaps[]; toSection: (kind: EntryKind) => void }) {
  const shown = gaps.filter((s) => s.posts.length);
  if (!shown.length) return null;
  const amount = (notIn: number, twice: number) => [
    notIn ? `${formatMoney(notIn)} niet in het resultaat` : '', twice ? `${formatMoney(twice)} dubbel in het resultaat` : '',
  ].filter(Boolean).join(', ');
  return (
    <Callout intent="warning" icon="warning-sign" className="gs-wb-notice" data-testid="ov-gaps" title="Niet of dubbel in het resultaat">
      <p>EW en NCW tellen wat gefaseerd is. Wat niet gefaseerd is telt niet mee; wat meer gefaseerd is dan het bedrag op NCW-datum (ook een boeking bovenop een volledige fasering) telt dubbel. Bedragen op prijspeil NCW-datum.</p>
      <ul className="gs-wb-checks">
        {shown.map((s) => (
          <li key={s.kind} data-section={s.kind}>
            <b>{s.title}</b>: {amount(s.notInResult, s.countedTwice)} —{' '}
            {s.posts.map((p, i) => (
              <Fragment key={p.id}>
                {i > 0 && ', '}
                <a href="#" onClick={(e) => { e.preventDefault(); toSection(s.kind); }}>{p.label}</a> ({amount(p.notInResult, p.countedTwice)})
              </Fragment>
            ))}
          </li>
        ))}
      </ul>
    </Callout>
  );
}

const COLORS = { costsHigher: '#cd4246', revenuesHigher: '#238551', balance: '#2d72d2', grid: '#e5e8eb', axis: '#8f99a8' };

/** One stacked series of the chart: its values per period, drawn above the axis (sign 1) or below it (−1). */
export interface ChartStack {
  title: string;
  color: string;
  sign: 1 | -1;
  values: number[];
}

/** Bars per period: the net cash flow, or the stacks on top of each other (from the axis outwards), with their extent. */
function bars(periods: PeriodResult[], stacks: ChartStack[] | undefined) {
  if (!stacks) {
    const flows = periods.map((p) => p.net);
    return {
      extent: flows,
      segments: flows.map((f) => [{ from: 0, to: f, color: f > 0 ? COLORS.costsHigher : COLORS.revenuesHigher }]),
    };
  }
  const extent: number[] = [];
  const segments = periods.map((_, i) => {
    const ends = { 1: 0, [-1]: 0 } as Record<1 | -1, number>;
    return stacks.map((s) => {
      const from = ends[s.sign];
      ends[s.sign] = from + s.sign * s.values[i]!;
      extent.push(ends[s.sign]);
      return { from, to: ends[s.sign], color: s.color };
    });
  });
  return { extent, segments };
}

/**
 * Per period bars with the export's signs — the net cash flow (costs − revenues: above the axis when costs
 * are higher, red) or, given `stacks`, costs above and each revenue section below the axis — and the book
 * value as a line; gridlines on round amounts, labelled the Dutch way, a legend, and per period a tooltip.
 */
export function Chart({ periods, withdrawal, stacks }: { periods: PeriodResult[]; withdrawal: boolean; stacks?: ChartStack[] }) {
  const [hover, setHover] = useState<number | null>(null);
  const W = 760;
  const H = 240;
  const left = 78;
  const top = 10;
  const bottom = 22;
  const { extent, segments } = bars(periods, stacks);
  const balances = periods.map((p) => p.balance);
  const ticks = niceTicks(Math.min(0, ...extent, ...balances), Math.max(0, ...extent, ...balances));
  const lo = ticks[0]!;
  const hi = ticks.at(-1)!;
  const y = (v: number) => top + ((hi - v) / (hi - lo)) * (H - top - bottom);
  const bw = (W - left) / Math.max(1, periods.length);
  const x = (i: number) => left + i * bw;
  const line = balances.map((b, i) => `${i ? 'L' : 'M'}${x(i) + bw / 2},${y(b)}`).join(' ');
  const every = Math.ceil(periods.length / 16);
  const balanceName = balanceTitle(withdrawal);
  const p = hover === null ? null : periods[hover];
  const tip: [string, number][] = p ? (stacks
    ? [...stacks.map((s): [string, number] => [s.title, s.values[hover!]!]), [OVERVIEW_TITLES.net, p.net]]
    : [[OVERVIEW_TITLES.costs, p.costs], [OVERVIEW_TITLES.revenues, p.revenues], [OVERVIEW_TITLES.net, p.net]]) : [];
  return (
    <figure className="gs-wb-chartbox" data-testid="ov-chart">
      <ul className="gs-wb-legend" aria-label="Legenda">
        {stacks ? stacks.map((s) => <li key={s.title}><i style={{ background: s.color }} />{s.title}</li>) : <>
          <li><i style={{ background: COLORS.costsHigher }} />{OVERVIEW_TITLES.net}: kosten hoger</li>
          <li><i style={{ background: COLORS.revenuesHigher }} />{OVERVIEW_TITLES.net}: opbrengsten hoger</li>
        </>}
        <li><i className="gs-wb-legend-line" style={{ background: COLORS.balance }} />{balanceName}</li>
      </ul>
      <div className="gs-wb-chartarea">
        <svg className="gs-wb-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Kasstroom en boekwaarde per periode" onMouseLeave={() => setHover(null)}>
          {ticks.map((t) => (
            <g key={t} className="gs-wb-tick">
              <line x1={left} x2={W} y1={y(t)} y2={y(t)} stroke={t === 0 ? COLORS.axis : COLORS.grid} />
              <text x={left - 6} y={y(t) + 4} fontSize={11} textAnchor="end">{formatMoneyCompact(t)}</text>
            </g>
          ))}
          {hover !== null && <rect x={x(hover)} y={top} width={bw} height={H - top - bottom} fill="#2d72d2" opacity={0.08} />}
          {segments.map((segs, i) => segs.map((g, j) => (g.from === g.to ? null : (
            <rect key={`${i}-${j}`} x={x(i) + 2} width={Math.max(1, bw - 4)} y={Math.min(y(g.from), y(g.to))} height={Math.abs(y(g.to) - y(g.from))} fill={g.color} />
          ))))}
          <path d={line} fill="none" stroke={COLORS.balance} strokeWidth={2} />
          {periods.map((q, i) => (i % every === 0 ? (
            <text key={q.code} x={x(i) + bw / 2} y={H - 6} fontSize={11} textAnchor="middle">{q.label}</text>
          ) : null))}
          {periods.map((q, i) => (
            <rect key={q.code} className="gs-wb-hit" data-testid={`chart-period-${i}`} x={x(i)} y={0} width={bw} height={H}
              fill="transparent" onMouseEnter={() => setHover(i)} />
          ))}
        </svg>
        {p && (
          <div className="gs-wb-tooltip" role="tooltip" data-testid="chart-tooltip"
            style={{ left: `${((x(hover!) + bw / 2) / W) * 100}%`, ...(hover! > periods.length / 2 ? { transform: 'translateX(-100%)' } : {}) }}>
            <b>{p.label}</b>
            <dl>
              {tip.map(([k, v]) => <Fragment key={k}><dt>{k}</dt><dd>{formatMoney(v)}</dd></Fragment>)}
              <dt>{balanceName}</dt><dd>{formatMoney(p.balance)}</dd>
            </dl>
          </div>
        )}
      </div>
    </figure>
  );
}

/** How each figure is computed (its tooltip; calculation.md §4). */
const FIGURE_RULES: Record<string, string> = {
  ew: 'Eindwaarde = −boekwaarde aan het eind van de laatste periode (positief = winst).',
  ncw: 'NCW = EW / (1 + disconteringsvoet)^(jaren van de NCW-datum tot het eind, 30E/360).',
  verlies: 'Verliesvoorziening = max(0, −NCW).',
  poc: 'POC = (geboekte kosten / totale kosten) × (geboekte opbrengsten / totale opbrengsten); opbrengsten van alle drie de secties.',
  winst: 'Winstneming = POC × NCW, bij winstneming naar NCW-datum en een positieve NCW.',
  resultaat: 'Resultaat op NCW-datum = NCW + winstneming.',
  kosten: 'Som van de nominale kosten over alle perioden.',
  opbrengsten: 'Som van de nominale opbrengsten van woningbouw, niet-woningbouw en overige opbrengsten over alle perioden.',
};

export function Figures({ r }: { r: ResultsSummary }) {
  const T = RESULT_TITLES;
  const items: [string, string, string][] = [
    [T.ew, formatMoney(r.ew), 'ew'],
    [T.ncw, formatMoney(r.ncw), 'ncw'],
    [T.verliesvoorziening, formatMoney(r.verliesvoorziening), 'verlies'],
    [T.poc, `${formatNumber(r.poc * 100, 2)}%`, 'poc'],
    [T.profitWithdrawal, formatMoney(r.profitWithdrawal), 'winst'],
    [T.resultAtNcw, formatMoney(r.resultAtNcw), 'resultaat'],
    [T.totalCosts, formatMoney(r.totalCosts), 'kosten'],
    [T.totalRevenues, formatMoney(r.totalRevenues), 'opbrengsten'],
  ];
  return (
    <dl className="gs-wb-figures">
      {items.map(([k, v, id]) => (
        <div key={id} title={FIGURE_RULES[id]}><dt>{k}</dt><dd data-testid={`ov-${id}`}>{v}</dd></div>
      ))}
    </dl>
  );
}

/** Per period and in total, as the export's Overzicht sheet has them (overviewRows.ts); a cell's tooltip says how it is computed. */
export function PeriodTable({ periods, rows }: { periods: PeriodResult[]; rows: OverviewRow[] }) {
  const cell = (v: number | null) => (v === null ? '' : formatNumber(v));
  return (
    <div className="gs-wb-tablewrap">
      <table className="gs-wb-table" data-testid="ov-periods">
        <thead>
          <tr><th>Periode</th><th>Totaal</th>{periods.map((p) => <th key={p.code}>{p.label}</th>)}</tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.title} data-row={typeof row.key === 'string' ? row.key : `revenue-${row.key.revenue}`}>
              <th title={rowRule(row.key)}>{row.title}</th>
              <td title={row.total === null ? undefined : `${row.title}, totaal: som over de perioden.`}>{cell(row.total)}</td>
              {row.cells.map((v, i) => <td key={periods[i]!.code} title={v === null ? undefined : `${row.title}, ${periods[i]!.label}: ${rowRule(row.key)}`}>{cell(v)}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EntryTable({ entries, title }: { entries: EntrySummary[]; title: string }) {
  return (
    <div className="gs-wb-tablewrap">
      <table className="gs-wb-table" data-testid="ov-entries">
        <thead>
          <tr><th>{title}</th><th>Raming</th><th>Bedrag op NCW-datum</th><th>Boekwaarde</th><th>Gefaseerd</th><th>Nog te faseren</th><th>Nominaal</th></tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <th>{e.label}{e.warning ? ` (${e.warning})` : ''}</th>
              <td>{formatNumber(e.estimate)}</td>
              <td>{formatNumber(e.amountAtNcw)}</td>
              <td>{formatNumber(e.totalBooked)}</td>
              <td>{formatNumber(e.totalPhased)}</td>
              <td className={Math.abs(e.residualToPhase) > 0.005 ? 'gs-wb-warn' : undefined}>{formatNumber(e.residualToPhase)}</td>
              <td>{formatNumber(nominalTotal(e))}</td>
            </tr>
          ))}
          <tr className="gs-wb-total">
            <th>Totaal</th>
            <td>{formatNumber(entries.reduce((s, e) => s + e.estimate, 0))}</td>
            <td data-testid="ov-entries-ncw-total">{formatNumber(entries.reduce((s, e) => s + e.amountAtNcw, 0))}</td>
            <td>{formatNumber(entries.reduce((s, e) => s + e.totalBooked, 0))}</td>
            <td>{formatNumber(entries.reduce((s, e) => s + e.totalPhased, 0))}</td>
            <td>{formatNumber(entries.reduce((s, e) => s + e.residualToPhase, 0))}</td>
            <td>{formatNumber(entries.reduce((s, e) => s + nominalTotal(e), 0))}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** While nothing is phased: why EW and NCW are € 0,00, with the way to Fasering (a section's, or Kostenraming's from the model's Overzicht). */
export function NothingPhasedNotice({ toPhasing }: { toPhasing?: () => void }) {
  return (
    <Callout intent="primary" icon="info-sign" className="gs-wb-notice" data-testid="ov-empty">
      Nog niets gefaseerd — EW en NCW blijven € 0,00 tot de kosten en opbrengsten over de perioden zijn verdeeld.{' '}
      {toPhasing && <a href="#" onClick={(e) => { e.preventDefault(); toPhasing(); }}>Naar Fasering</a>}
    </Callout>
  );
}

/** Overzicht tab of every section; `onPhasing` opens the section's Fasering tab. */
export const OverviewTab = observer(function OverviewTab({ store, kind, onPhasing }: {
  store: Pick<WorkbenchStore, 'results' | 'model'>; kind: EntryKind; onPhasing?: () => void;
}) {
  const r = store.results;
  const bp = store.model?.base_parameters;
  if (!r || !bp) return null;
  const withdrawal = bp.profit_withdrawal_to_ncw_date;
  const empty = nothingPhased(r);
  return (
    <div className="gs-wb-overview" data-testid="overview">
      {empty && <NothingPhasedNotice toPhasing={onPhasing} />}
      <Figures r={r} />
      <h3>Kasstroom en boekwaarde per periode</h3>
      {!empty && <Chart periods={r.periods} withdrawal={withdrawal} />}
      <PeriodTable periods={r.periods} rows={overviewRows(r, withdrawal, bp.phasing_net_present_value_date)} />
      <h3>{sectionOf(kind).postsTitle}</h3>
      <EntryTable entries={r.entries[kind]!} title="Post" />
      <details className="gs-wb-rules">
        <summary>Rekenregels</summary>
        <ul>
          <li>Raming: hoeveelheid × prijs (kosten); grondquote: aantal × VON-prijs / (1 + btw) × quote; kavelprijs: aantal × kavelprijs; prijs per m²: aantal × m² × prijs.</li>
          <li>Bedrag op NCW-datum: raming × historische index (prijsindex van de prijsdatum tot de NCW-datum, jaar voor jaar) − boekwaarde, afgerond op 2 decimalen.</li>
          <li>Fasering op prijspeil NCW-datum; nominaal = gefaseerd × indexfactor (standaardindex, jaarpercentage omgerekend naar de periode als (1 + r)^(1/m) − 1).</li>
          <li>Rente volgens de gekozen methode (Traditioneel, Conform BBV, Organisatiespecifiek); EW = −saldo aan het eind; NCW = EW contant gemaakt naar de NCW-datum (30E/360).</li>
          <li>Verliesvoorziening = max(0, −NCW); POC = (geboekte kosten / totale kosten) × (geboekte opbrengsten / totale opbrengsten).</li>
          <li>Percentages ≤ 1 zijn fracties, grotere waarden worden door 100 gedeeld.</li>
        </ul>
      </details>
    </div>
  );
});
