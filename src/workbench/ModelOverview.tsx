// The model's Overzicht (issue 24 item 6, calculation.md §3b.6): the left menu's first item. It renders
// what src/formulas computes — the figures, the export's period rows with each revenue section, the
// totals per section and category (sectionTotals) and the space-usage checks (spaceUsageChecks).
import { observer } from 'mobx-react-lite';
import { Button, Callout } from '@blueprintjs/core';
import { type SectionTotals, type Totals, sectionTotals, spaceUsageChecks } from '../formulas/overviewTotals.ts';
import { revenueSections } from '../model/sections.ts';
import type { ResultsSummary } from '../model/results.ts';
import { OVERVIEW_TITLES } from '../formulas/workbookLayout.ts';
import { formatNumber } from '../lib/nlFormat.ts';
import { type ChartStack, Chart, Figures, GapNotice, NothingPhasedNotice, PeriodTable } from './Overview.tsx';
import { phasingGaps } from '../formulas/phasingGaps.ts';
import type { EntryKind } from '../model/section.ts';
import { nothingPhased, overviewRows } from './overviewRows.ts';
import type { WorkbenchStore } from './WorkbenchStore.ts';
import { formatCount } from '../lib/count.ts';

/** Costs red above the axis, the revenue sections in greens and a teal below it (the sheet's signs: net = costs − revenues). */
const STACK_COLORS = ['#cd4246', '#238551', '#72ca9b', '#1c6e42'];

function stacks(r: ResultsSummary): ChartStack[] {
  return [
    { title: OVERVIEW_TITLES.costs, color: STACK_COLORS[0]!, sign: 1, values: r.periods.map((p) => p.costs) },
    ...revenueSections().map((s, i): ChartStack => ({
      title: s.revenue!.title, color: STACK_COLORS[1 + (i % (STACK_COLORS.length - 1))]!, sign: -1, values: r.periods.map((p) => p.sectionRevenues[s.kind]!),
    })),
  ];
}

const COLUMNS: { key: keyof Omit<Totals, 'count'>; title: string; rule: string }[] = [
  { key: 'estimate', title: 'Raming', rule: 'de raming van elke post op haar prijsdatum' },
  { key: 'amountAtNcw', title: 'Bedrag op NCW-datum', rule: 'raming × historische index − geboekt, per post afgerond op 2 decimalen' },
  { key: 'totalBooked', title: 'Geboekt', rule: 'de geboekte bedragen (Boekwaarde) van elke post' },
  { key: 'nominal', title: 'Nominaal', rule: 'gefaseerd × indexfactor van elke post, opgeteld over de perioden' },
];

function TotalsRow({ t, label, of, className }: { t: Totals; label: string; of: string; className?: string }) {
  return (
    <tr className={className}>
      <th>{label}</th>
      <td>{t.count}</td>
      {COLUMNS.map((c) => (
        <td key={c.key} title={`Som over ${formatCount(t.count, 'post', 'posten')} van ${of}: ${c.rule}.`}>{formatNumber(t[c.key])}</td>
      ))}
    </tr>
  );
}

function SectionTable({ sections }: { sections: SectionTotals[] }) {
  return (
    <div className="gs-wb-tablewrap">
      <table className="gs-wb-table gs-wb-sections" data-testid="ov-sections">
        <thead>
          <tr><th>Sectie / categorie</th><th>Posten</th>{COLUMNS.map((c) => <th key={c.key}>{c.title}</th>)}</tr>
        </thead>
        {sections.map((s) => (
          <tbody key={s.kind} data-section={s.kind}>
            <TotalsRow t={s} label={`${s.title} (${s.direction === 'out' ? 'kosten' : 'opbrengsten'})`} of={s.title} className="gs-wb-total" />
            {s.categories.map((c) => (
              <TotalsRow key={c.category} t={c} label={c.label} of={`${s.title}, categorie ${c.label}`} className="gs-wb-category" />
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}

/** The space-usage checks as warnings, each with a link to Ruimtegebruik. */
function SpaceWarnings({ store, toSpace }: { store: Pick<WorkbenchStore, 'results' | 'model'>; toSpace: () => void }) {
  const checks = spaceUsageChecks(store.model!, store.results!);
  if (!checks.length) return null;
  return (
    <Callout intent="warning" icon="warning-sign" className="gs-wb-notice" data-testid="ov-space-warnings" title="Ruimtegebruik wijkt af">
      <ul className="gs-wb-checks">
        {checks.map((c) => <li key={c.kind}>{c.message}</li>)}
      </ul>
      <a href="#" data-testid="ov-to-space" onClick={(e) => { e.preventDefault(); toSpace(); }}>Naar Ruimtegebruik</a>
    </Callout>
  );
}

/**
 * The model's Overzicht; `toSpace` opens Uitgangspunten › Ruimtegebruik, `toPhasing` a section's Fasering
 * (Kostenraming's by default), `toVariance` the model's Verschillenanalyse (of its saved data).
 */
export const ModelOverview = observer(function ModelOverview({ store, toSpace, toPhasing, toVariance }: {
  store: Pick<WorkbenchStore, 'results' | 'model'>; toSpace: () => void; toPhasing: (kind?: EntryKind) => void; toVariance: () => void;
}) {
  const r = store.results;
  const m = store.model;
  if (!r || !m) return null;
  const bp = m.base_parameters;
  const withdrawal = bp.profit_withdrawal_to_ncw_date;
  const empty = nothingPhased(r);
  return (
    <div className="gs-wb-overview" data-testid="model-overview">
      {empty && <NothingPhasedNotice toPhasing={() => toPhasing()} />}
      <GapNotice gaps={phasingGaps(m, r)} toSection={toPhasing} />
      <SpaceWarnings store={store} toSpace={toSpace} />
      <Figures r={r} />
      <Button icon="waterfall-chart" text="Verschillenanalyse" title="Waarom het resultaat verschilt van een eerder rekenmodel (het opgeslagen rekenmodel)" onClick={toVariance} />
      <h3>Kosten, opbrengsten en boekwaarde per periode</h3>
      {!empty && <Chart periods={r.periods} withdrawal={withdrawal} stacks={stacks(r)} />}
      <PeriodTable periods={r.periods} rows={overviewRows(r, withdrawal, bp.phasing_net_present_value_date, true)} />
      <h3>Per sectie en categorie</h3>
      <SectionTable sections={sectionTotals(m, r)} />
    </div>
  );
});
