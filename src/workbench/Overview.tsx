import { observer } from 'mobx-react-lite';
import type { PeriodResult, PeriodTotals, Results, EntryResult } from '../formulas/results.ts';
import { OVERVIEW_TITLES } from '../formulas/workbook.ts';
import { formatMoney, formatNumber } from '../lib/nlFormat.ts';
import type { WorkbenchStore } from './WorkbenchStore.ts';

/** Always-visible figures of the top bar (repainted on every edit). */
export const ResultStrip = observer(function ResultStrip({ store }: { store: WorkbenchStore }) {
  const r = store.results;
  if (!r) return <div className="gs-wb-strip" aria-label="Resultaat"><span className="gs-muted">Berekenen…</span></div>;
  return (
    <div className="gs-wb-strip" aria-label="Resultaat">
      <span>EW <b data-testid="strip-ew">{formatMoney(r.ew)}</b></span>
      <span>NCW <b data-testid="strip-ncw">{formatMoney(r.ncw)}</b></span>
    </div>
  );
});

/** The engine's rows as they are: cash flow costs − revenues (positive = costs, red) and the book value. */
function Chart({ periods }: { periods: PeriodResult[] }) {
  const W = 760;
  const H = 220;
  const pad = 40;
  const flows = periods.map((p) => p.net);
  const balances = periods.map((p) => p.balance);
  const all = [...flows, ...balances, 0];
  const max = Math.max(...all);
  const min = Math.min(...all);
  const span = max - min || 1;
  const y = (v: number) => pad / 2 + ((max - v) / span) * (H - pad);
  const bw = (W - pad) / Math.max(1, periods.length);
  const x = (i: number) => pad + i * bw;
  const line = balances.map((b, i) => `${i ? 'L' : 'M'}${x(i) + bw / 2},${y(b)}`).join(' ');
  return (
    <svg className="gs-wb-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Kasstroom en saldo per periode">
      <line x1={pad} x2={W} y1={y(0)} y2={y(0)} stroke="#8f99a8" />
      {flows.map((f, i) => (
        <rect key={i} x={x(i) + 2} width={Math.max(1, bw - 4)} y={Math.min(y(0), y(f))} height={Math.abs(y(f) - y(0))} fill={f > 0 ? '#cd4246' : '#238551'}>
          <title>{`${periods[i]!.label}: ${OVERVIEW_TITLES.net} ${formatMoney(f)}`}</title>
        </rect>
      ))}
      <path d={line} fill="none" stroke="#2d72d2" strokeWidth={2} />
      {periods.map((p, i) => (periods.length <= 16 || i % 4 === 0 ? (
        <text key={p.code} x={x(i) + bw / 2} y={H - 4} fontSize={10} textAnchor="middle">{p.label}</text>
      ) : null))}
      <text x={4} y={y(max) + 4} fontSize={10}>{formatNumber(max / 1000, 0)}k</text>
      <text x={4} y={y(min)} fontSize={10}>{formatNumber(min / 1000, 0)}k</text>
    </svg>
  );
}

function Figures({ r }: { r: Results }) {
  const items: [string, string, string][] = [
    ['Eindwaarde (EW)', formatMoney(r.ew), 'ew'],
    ['Netto contante waarde (NCW)', formatMoney(r.ncw), 'ncw'],
    ['Verliesvoorziening', formatMoney(r.verliesvoorziening), 'verlies'],
    ['POC', `${formatNumber(r.poc * 100, 2)}%`, 'poc'],
    ['Winstneming tot NCW-datum', formatMoney(r.profitWithdrawal), 'winst'],
    ['Resultaat op NCW-datum', formatMoney(r.resultAtNcw), 'resultaat'],
    ['Totale kosten', formatMoney(r.totalCosts), 'kosten'],
    ['Totale opbrengsten', formatMoney(r.totalRevenues), 'opbrengsten'],
  ];
  return (
    <dl className="gs-wb-figures">
      {items.map(([k, v, id]) => (
        <div key={id}><dt>{k}</dt><dd data-testid={`ov-${id}`}>{v}</dd></div>
      ))}
    </dl>
  );
}

/** Per period and in total, as the engine computed them (the same rows and signs as the Overzicht sheet). */
function PeriodTable({ periods, totals }: { periods: PeriodResult[]; totals: PeriodTotals }) {
  const last = periods.at(-1);
  const rows: [string, (p: PeriodResult) => number, number][] = [
    [OVERVIEW_TITLES.costs, (p) => p.costs, totals.costs],
    [OVERVIEW_TITLES.revenues, (p) => p.revenues, totals.revenues],
    [OVERVIEW_TITLES.net, (p) => p.net, totals.net],
    ['Rente', (p) => p.interest, totals.interest],
    [OVERVIEW_TITLES.withdrawal, (p) => p.withdrawal, totals.withdrawal],
    ['Boekwaarde (saldo)', (p) => p.balance, last ? last.balance : 0],
  ];
  return (
    <div className="gs-wb-tablewrap">
      <table className="gs-wb-table" data-testid="ov-periods">
        <thead>
          <tr><th>Periode</th><th>Totaal</th>{periods.map((p) => <th key={p.code}>{p.label}</th>)}</tr>
        </thead>
        <tbody>
          {rows.map(([name, f, total]) => (
            <tr key={name}>
              <th>{name}</th>
              <td>{formatNumber(total)}</td>
              {periods.map((p) => <td key={p.code}>{formatNumber(f(p))}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EntryTable({ entries, title }: { entries: EntryResult[]; title: string }) {
  return (
    <div className="gs-wb-tablewrap">
      <table className="gs-wb-table" data-testid="ov-entries">
        <thead>
          <tr><th>{title}</th><th>Raming</th><th>Bedrag op NCW-datum</th><th>Boekwaarde</th><th>Gefaseerd</th><th>Nog te faseren</th><th>Nominaal</th></tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <th>{e.label}{e.residualNotCalculated ? ' (Residueel wordt nog niet berekend)' : ''}</th>
              <td>{formatNumber(e.estimate)}</td>
              <td>{formatNumber(e.amountAtNcw)}</td>
              <td>{formatNumber(e.totalBooked)}</td>
              <td>{formatNumber(e.totalPhased)}</td>
              <td className={Math.abs(e.residualToPhase) > 0.005 ? 'gs-wb-warn' : undefined}>{formatNumber(e.residualToPhase)}</td>
              <td>{formatNumber(e.nominal.reduce((a, b) => a + b, 0))}</td>
            </tr>
          ))}
          <tr className="gs-wb-total">
            <th>Totaal</th>
            <td>{formatNumber(entries.reduce((s, e) => s + e.estimate, 0))}</td>
            <td data-testid="ov-entries-ncw-total">{formatNumber(entries.reduce((s, e) => s + e.amountAtNcw, 0))}</td>
            <td>{formatNumber(entries.reduce((s, e) => s + e.totalBooked, 0))}</td>
            <td>{formatNumber(entries.reduce((s, e) => s + e.totalPhased, 0))}</td>
            <td>{formatNumber(entries.reduce((s, e) => s + e.residualToPhase, 0))}</td>
            <td>{formatNumber(entries.reduce((s, e) => s + e.nominal.reduce((a, b) => a + b, 0), 0))}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** Overzicht tab of Kostenraming and Woningbouw. */
export const OverviewTab = observer(function OverviewTab({ store, kind }: { store: WorkbenchStore; kind: 'cost' | 'residential' }) {
  const r = store.results;
  if (!r) return null;
  return (
    <div className="gs-wb-overview" data-testid="overview">
      <Figures r={r} />
      <h3>Kasstroom en saldo per periode</h3>
      <Chart periods={r.periods} />
      <PeriodTable periods={r.periods} totals={r.periodTotals} />
      <h3>{kind === 'cost' ? 'Kostenposten' : 'Woningbouw'}</h3>
      <EntryTable entries={kind === 'cost' ? r.costEntries : r.residentialEntries} title="Post" />
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
