import { observer } from 'mobx-react-lite';
import { Button, Callout, DialogBody, DialogFooter, HTMLTable, Tag } from '@blueprintjs/core';
import { Dialog } from '../../app/Dialog.tsx';
import { formatDutchDate } from '../../lib/dutchNumber.ts';
import { formatMoney, percentDown } from '../../lib/nlFormat.ts';
import type { ParameterPreviewModel, ParameterSaveResult } from '../../api/parameters.ts';
import type { ParameterType } from '../../model/baseParameters.ts';
import { globalParameter } from '../../model/globalParameters.ts';
import { type ParametersStore, kindOf } from './ParametersStore.ts';

// The confirmation of 'Parameters doorvoeren' (issue 23): per chosen model what the values change
// (each parameter old → new, dates included; EW and NCW before → after, computed by the server's
// engine), and after 'Doorvoeren' what happened to each model, refusals with their reasons.

type Change = ParameterPreviewModel['changes'][number];
type Status = { text: string; intent: 'success' | 'none' | 'primary' | 'danger' };

/** A value of a change: a date as everywhere (DD-MM-JJJJ), a percentage as on page 0 ('3,50 %'). */
const valueText = (v: Change['before']) => (v == null ? '—' : typeof v === 'string' ? formatDutchDate(v) : `${percentDown(v)} %`);

/** Which periods of the model a change is about: the base value, one period or a run ('2025 t/m 2027'). */
function periodText(c: Change): string {
  if (c.from == null) return kindOf(c.parameter) === 'series' ? 'Uitgangspunt' : '';
  return c.from === c.to ? c.from : `${c.from} t/m ${c.to}`;
}

/** The applied model's status; before the apply, what the preview expects. */
function statusOf(m: ParameterPreviewModel, result: ParameterSaveResult | null): Status {
  if (!result) {
    switch (m.outcome) {
      case 'changes': return { text: 'Wordt aangepast', intent: 'primary' };
      case 'unchanged': return { text: 'Geen wijziging', intent: 'none' };
      case 'spreadsheet': return { text: 'Wordt vastgelegd', intent: 'primary' };
      default: return { text: 'Wordt niet aangepast', intent: 'danger' };
    }
  }
  if (result.applied.includes(m.model)) return { text: 'Doorgevoerd', intent: 'success' };
  if (result.recordedOnly.includes(m.model)) return { text: 'Vastgelegd', intent: 'success' };
  if (result.unchanged.includes(m.model)) return { text: 'Geen wijziging', intent: 'none' };
  return { text: 'Niet aangepast', intent: 'danger' };
}

function Changes({ m, untouched }: { m: ParameterPreviewModel; untouched: ReadonlySet<ParameterType> }) {
  return (
    <HTMLTable compact striped className="gs-review-table" aria-label={`Wijzigingen ${m.name}`}>
      <thead><tr><th>Parameter</th><th>Periode</th><th>Nu</th><th>Wordt</th></tr></thead>
      <tbody>
        {m.changes.map((c) => (
          <tr key={`${c.parameter}|${c.from ?? ''}`} className={untouched.has(c.parameter) ? 'gs-untouched' : undefined}>
            <td>
              {globalParameter(c.parameter).label}
              {untouched.has(c.parameter) && <> <Tag intent="warning" minimal>niet door u aangepast</Tag></>}
            </td>
            <td>{periodText(c)}</td>
            <td>{valueText(c.before)}</td>
            <td>{valueText(c.after)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function Results({ m }: { m: ParameterPreviewModel }) {
  const rows: [string, { before: number | null; after: number | null } | null][] = [['Eindwaarde (EW)', m.ew], ['Netto contante waarde (NCW)', m.ncw]];
  return (
    <HTMLTable compact className="gs-review-table" aria-label={`Resultaat ${m.name}`}>
      <thead><tr><th>Resultaat</th><th>Nu</th><th>Wordt</th></tr></thead>
      <tbody>
        {rows.map(([label, v]) => (
          <tr key={label}><td>{label}</td><td>{formatMoney(v?.before)}</td><td>{formatMoney(v?.after)}</td></tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

const ModelReview = observer(function ModelReview({ m, result, untouched }: { m: ParameterPreviewModel; result: ParameterSaveResult | null; untouched: ReadonlySet<ParameterType> }) {
  const status = statusOf(m, result);
  // After the apply the server's own reasons count (the model may have been saved since the preview).
  const reasons = result ? result.refused.find((r) => r.model === m.model)?.problems ?? [] : m.problems;
  return (
    <section className="gs-review-model" role="region" aria-label={`Rekenmodel ${m.name}`}>
      <h4>
        <span className="gs-muted">{m.projectName} › {m.versionName} ›</span> {m.name} <Tag intent={status.intent} minimal>{status.text}</Tag>
      </h4>
      {m.outcome === 'changes' && (
        <>
          <Changes m={m} untouched={untouched} />
          <Results m={m} />
          {m.notes.map((n) => <Callout key={n} intent="warning" icon="warning-sign">{n}</Callout>)}
        </>
      )}
      {m.outcome === 'unchanged' && <p className="gs-muted">Dit rekenmodel heeft deze waarden al; het blijft zoals het is.</p>}
      {m.outcome === 'spreadsheet' && (
        <p className="gs-muted">Spreadsheetmodel: de waarden worden vastgelegd en bij het volgende openen in het werkboek ingevuld.</p>
      )}
      {reasons.length > 0 && (
        <Callout intent="danger" icon="error" title="Dit rekenmodel wordt niet aangepast:">
          <ul>{reasons.map((r) => <li key={r}>{r}</li>)}</ul>
        </Callout>
      )}
    </section>
  );
});

/** The dialog; `onApply` applies and tells the outcome (one toast), the screen owns the toasts. */
export const ParametersReview = observer(function ParametersReview({ store, busy, onApply }: { store: ParametersStore; busy: boolean; onApply: () => void }) {
  const review = store.review;
  const result = review?.result ?? null;
  const applicable = review?.models.some((m) => m.outcome === 'changes' || m.outcome === 'spreadsheet') ?? false;
  // Every parameter is applied (spec 2 §4), also those left at the screen's values: they stand out.
  const untouched = new Set<ParameterType>(store.untouched);
  return (
    <Dialog isOpen={review !== null} title="Parameters doorvoeren" icon="upload" onClose={() => store.closeReview()} canOutsideClickClose={false}
      className="gs-review-dialog">
      <DialogBody>
        <p>
          {result
            ? 'Het resultaat per rekenmodel:'
            : applicable
              ? "Controleer per rekenmodel wat er verandert. Er wordt pas iets opgeslagen als u op 'Doorvoeren' klikt."
              : 'Geen van de gekozen rekenmodellen verandert door deze waarden.'}
        </p>
        {!result && untouched.size > 0 && (
          <Callout intent="warning" icon="warning-sign" title="Ook wat u niet heeft aangepast wordt doorgevoerd">
            Alle parameters gaan naar de gekozen rekenmodellen, ook deze die u op het scherm niet heeft aangepast:{' '}
            {[...untouched].map((t) => globalParameter(t).label).join(', ')}. Ze staan hieronder gemarkeerd.
          </Callout>
        )}
        {review?.models.map((m) => <ModelReview key={m.model} m={m} result={result} untouched={untouched} />)}
      </DialogBody>
      <DialogFooter actions={result ? <Button intent="primary" text="Sluiten" onClick={() => store.closeReview()} /> : (
        <>
          <Button text="Annuleren" disabled={busy} onClick={() => store.closeReview()} />
          <Button intent="primary" icon="upload" text="Doorvoeren" disabled={!applicable} loading={busy} onClick={onApply} />
        </>
      )} />
    </Dialog>
  );
});
