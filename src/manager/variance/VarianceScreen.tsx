import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Callout, FormGroup, HTMLSelect, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useRoot } from '../../app/RootStore.ts';
import { saveBlob } from '../../api/http.ts';
import type { ComparedModel, VarianceAnswer } from '../../api/contract/variance.ts';
import { varianceApi } from '../../api/variance.ts';
import { formatNumber } from '../../lib/nlFormat.ts';
import { VARIANCE_ORDER_NOTE } from '../../model/varianceSteps.ts';
import { numParam } from '../projects/formRules.ts';
import { CHART_COLORS, CashFlowChart, Waterfall } from './VarianceCharts.tsx';
import { VarianceStore } from './VarianceStore.ts';
import { AGAINST_REASONS, adoptionText, cashFlowSeries, exportName, modelLabel, varianceRows, waterfallBars } from './varianceView.ts';
import './variance.css';

// The Verschillenanalyse (issue 37.5, calculation.md §9): why model B's result differs from model A's. The
// two models compared stay in view at the top while the page scrolls, with the choice of another A.

async function downloadXlsx(answer: VarianceAnswer): Promise<void> {
  const { varianceWorkbook } = await import('./varianceXlsx.ts');
  const bytes = await varianceWorkbook(answer);
  saveBlob(new Blob([bytes as BlobPart], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), exportName(answer));
}

function ModelCard({ role, m, loading }: { role: 'A' | 'B'; m: ComparedModel | null; loading: boolean }) {
  return (
    <div className="gs-variance-model" aria-label={role === 'A' ? 'Model A (eerder)' : 'Model B (later)'} role="group">
      <span className="gs-variance-letter">{role}</span>
      {loading ? <Spinner size={16} /> : m ? (
        <div>
          <div className="gs-variance-names">{m.project_name} · {m.version_name} · <b>{m.model_name}</b></div>
          <Tag minimal intent={m.adopted_on ? 'success' : 'none'} icon={m.adopted_on ? 'endorsed' : undefined}>{adoptionText(m)}</Tag>
        </div>
      ) : <span className="gs-muted">Geen rekenmodel om mee te vergelijken</span>}
    </div>
  );
}

/** Always in view: which two models are compared, how A was chosen, and the choice of another A. */
const Compared = observer(function Compared({ store, choose }: { store: VarianceStore; choose: (against: number) => void }) {
  const c = store.choices.value;
  const a = store.againstModel;
  const options = [
    ...(a ? [] : [{ value: '', label: 'Kies een rekenmodel…' }]),
    ...(c?.choices ?? []).map((m) => ({ value: String(m.model_id), label: `${m.version_name} — ${m.model_name}${m.adopted_on ? ' (vastgesteld)' : ''}` })),
  ];
  const reason = store.shown ? AGAINST_REASONS[store.shown.against_reason] : null;
  return (
    <section className="gs-variance-compared" aria-label="Vergeleken rekenmodellen">
      <ModelCard role="A" m={a} loading={store.choices.loading} />
      <ModelCard role="B" m={store.model} loading={store.choices.loading} />
      <FormGroup label="Vergelijken met" labelFor="variance-against" className="gs-variance-choice" helperText={reason}>
        <HTMLSelect id="variance-against" options={options} value={a ? String(a.model_id) : ''} disabled={!c?.choices.length}
          onChange={(e) => { if (e.currentTarget.value) choose(Number(e.currentTarget.value)); }} />
      </FormGroup>
    </section>
  );
});

function VarianceTable({ answer }: { answer: VarianceAnswer }) {
  return (
    <HTMLTable compact className="gs-variance-table" aria-label="Verschillen per stap">
      <thead><tr><th>Stap</th><th>Δ EW</th><th>Δ NCW</th></tr></thead>
      <tbody>
        {varianceRows(answer).map((r) => (
          <tr key={r.key} className={`gs-variance-row-${r.kind}`} data-row={r.key}>
            <th scope="row">{r.label}</th>
            <td>{formatNumber(r.ew)}</td>
            <td>{formatNumber(r.ncw)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

const Figures = observer(function Figures({ store }: { store: VarianceStore }) {
  const answer = store.shown;
  if (store.noComparison) return <Callout intent="primary" icon="info-sign" data-testid="variance-none">{store.noComparison}</Callout>;
  if (store.problem) return <Callout intent="danger" icon="error" title="De verschillenanalyse kon niet worden gemaakt">{store.problem}</Callout>;
  if (store.figures.loading || store.choices.loading) return <div className="gs-variance-loading"><Spinner size={24} /> Verschillenanalyse berekenen…</div>;
  if (!answer) return null;
  const { labels, a, b } = cashFlowSeries(answer.periods_a, answer.periods_b);
  return (
    <>
      <h3>NCW van A naar B</h3>
      <Waterfall bars={waterfallBars(answer)} />
      <div className="gs-variance-lower">
        <div>
          <div className="gs-variance-tablehead">
            <h3>Per stap</h3>
            <Button icon="export" text="Exporteer naar Excel" loading={store.exporting.busy} onClick={() => void store.exportXlsx()} />
          </div>
          <VarianceTable answer={answer} />
          <p className="gs-variance-note">{VARIANCE_ORDER_NOTE}</p>
        </div>
        <div>
          <h3>Netto kasstroom per periode (kosten − opbrengsten)</h3>
          <CashFlowChart labels={labels} series={[
            { name: `A (${modelLabel(answer.against, answer.model)})`, color: CHART_COLORS.a, dashed: true, values: a },
            { name: `B (${modelLabel(answer.model, answer.against)})`, color: CHART_COLORS.b, values: b },
          ]} />
        </div>
      </div>
    </>
  );
});

const VarianceView = observer(function VarianceView({ modelId, against }: { modelId: number; against: number | undefined }) {
  const root = useRoot();
  const [store] = useState(() => new VarianceStore(modelId, root.toasts, varianceApi, downloadXlsx));
  useEffect(() => {
    void store.open(against);
    return () => store.figures.cancel();
  }, [store, against]);
  const m = store.model;
  const choose = (id: number) => root.screen.navigate('Projects_ModelVariance', { modelId, against: id });
  return (
    <>
      <PageHeader crumbs={[
        ...(m ? [{ text: m.project_name, screen: 'Projects_ProjectInfo' as const, params: { projectId: m.project_id } },
          { text: m.version_name, screen: 'Projects_VersionModelInfo' as const, params: { versionId: m.version_id } },
          { text: m.model_name, screen: 'Projects_ModelInfo' as const, params: { modelId } }] : []),
        { text: 'Verschillenanalyse' },
      ]} />
      <div className="gs-content gs-variance">
        {store.choices.failed ? <NonIdealState icon="error" title="De verschillenanalyse kan niet worden getoond." /> : (
          <>
            <Compared store={store} choose={choose} />
            <Figures store={store} />
          </>
        )}
      </div>
    </>
  );
});

/** Projects_ModelVariance: model `modelId` (B) against `against` (A; absent: its default comparison). */
const VarianceScreen = observer(function VarianceScreen() {
  const { screen } = useRoot();
  const modelId = numParam(screen.params.modelId);
  const against = numParam(screen.params.against) ?? undefined;
  if (!modelId) return <div className="gs-content"><NonIdealState icon="help" title="Niet gevonden." /></div>;
  return <VarianceView key={modelId} modelId={modelId} against={against} />;
});

export default VarianceScreen;
