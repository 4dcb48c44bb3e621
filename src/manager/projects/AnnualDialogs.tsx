import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Callout, Checkbox, Collapse, DialogBody, DialogFooter, InputGroup, TextArea } from '@blueprintjs/core';
import { Dialog } from '../../app/Dialog.tsx';
import { useSubmission } from '../../app/submission.ts';
import { useResource } from '../../app/resource.ts';
import { versionsApi, type RolloverChoice, type RolloverPreview, type Version } from '../../api/versions.ts';
import { INVALID_DATE, formatDutchDate, parseDutchDate } from '../../lib/dutchNumber.ts';
import { formatDate } from '../../lib/format.ts';
import { formatMoney, percentDown } from '../../lib/nlFormat.ts';
import { Field } from './FormParts.tsx';

// The version sub-menu's dialogs of the annual cycle (issue 37): 'Vastgesteld door de raad…' and
// 'Jaarovergang…'. Shown from the row's capability flags (can_adopt, can_roll_over) only; a chunk of their
// own, loaded when one opens (ProjectsScreen), so the Projects screen's first load does not carry them.

/** 'Vastgesteld door de raad…': the council's date and a note; a vastgestelde version may have its mark withdrawn. */
export const AdoptDialog = observer(function AdoptDialog({ version, onClose, onDone }: {
  version: Version; onClose: () => void; onDone: () => void;
}) {
  const [date, setDate] = useState(version.adoptedOn ? formatDutchDate(version.adoptedOn) : formatDate(new Date()));
  const [note, setNote] = useState(version.adoptedNote ?? '');
  const [dateError, setDateError] = useState<string | null>(null);
  const submission = useSubmission();
  const save = async () => {
    const iso = parseDutchDate(date);
    setDateError(iso ? null : INVALID_DATE);
    if (!iso) return;
    const ok = await submission.run(() => versionsApi.adopt(version.id, iso, note.trim() || null), { success: 'Opslaan gelukt!', failure: 'Er is een fout opgetreden tijdens het opslaan.' });
    if (ok) onDone();
  };
  const withdraw = async () => {
    const ok = await submission.run(() => versionsApi.withdrawAdoption(version.id), { success: 'Vaststelling ingetrokken.', failure: 'Er is een fout opgetreden tijdens het opslaan.' });
    if (ok) onDone();
  };
  const error = dateError ?? submission.fieldErrors.date ?? null;
  return (
    <Dialog isOpen title="Vastgesteld door de raad" onClose={onClose}>
      <DialogBody>
        <p>Versie <strong>{version.name}</strong> is vastgesteld door de raad. De rekenmodellen van de versie worden vergrendeld.</p>
        <Field label="Datum van vaststelling" required id="adopt-date" error={error}>
          <InputGroup id="adopt-date" placeholder="dd-mm-jjjj" value={date} intent={error ? 'danger' : 'none'} disabled={submission.busy} onValueChange={setDate} />
        </Field>
        <Field label="Toelichting" id="adopt-note" error={submission.fieldErrors.note}>
          <TextArea id="adopt-note" fill rows={3} value={note} disabled={submission.busy} onChange={(e) => setNote(e.currentTarget.value)} />
        </Field>
      </DialogBody>
      <DialogFooter
        actions={(
          <>
            {version.adoptedOn && <Button text="Vaststelling intrekken" intent="danger" disabled={submission.busy} onClick={() => void withdraw()} />}
            <Button text="Annuleren" onClick={onClose} />
            <Button text="Opslaan" intent="primary" loading={submission.busy} onClick={() => void save()} />
          </>
        )}
      />
    </Dialog>
  );
});

/** 'Jaarovergang…': book year, the new version's name and freezing the current one; a preview per model, then 'Jaarovergang uitvoeren'. */
export const RolloverDialog = observer(function RolloverDialog({ version, onClose, onDone }: {
  version: Version; onClose: () => void; onDone: (newVersionId: number) => void;
}) {
  // `asked`: the year the preview is asked for (undefined: the server's default); `year`: the field, filled from the first answer.
  const [asked, setAsked] = useState<number | undefined>(undefined);
  const [year, setYear] = useState<string | undefined>(undefined);
  const [name, setName] = useState<string | undefined>(undefined);
  const [freeze, setFreeze] = useState(true);
  const choice: RolloverChoice = { year: asked, name: name?.trim() || undefined, freeze };
  // The first preview comes with the server's defaults (year after the latest NCW date, '<versie> <jaar>'), which fill the form.
  // The name only matters to the execution (a taken name answers 409 there), so typing it asks for no new preview.
  const preview = useResource('Fout bij het berekenen van de jaarovergang.', () => versionsApi.rolloverPreview(version.id, { ...choice, year: asked }), [version.id, asked], (p) => {
    setYear((y) => y ?? String(p.year));
    setName((n) => n ?? p.name);
  });
  // A new preview when the year is complete (the field left, or Enter), not at every digit typed.
  const chooseYear = () => {
    const n = Number(year);
    if (Number.isInteger(n) && n !== (asked ?? preview.value?.year)) setAsked(n);
  };
  const submission = useSubmission();
  const execute = async () => {
    const made: { id?: number } = {};
    const ok = await submission.run(async () => {
      made.id = (await versionsApi.rollover(version.id, { ...choice, year: asked ?? preview.value?.year })).id;
    }, { success: 'Jaarovergang uitgevoerd.', failure: 'Er ging iets mis tijdens de jaarovergang.' });
    if (ok && made.id !== undefined) onDone(made.id);
  };
  const p = preview.value;
  return (
    <Dialog isOpen title="Jaarovergang" onClose={onClose} style={{ width: 720 }}>
      <DialogBody>
        <p>Jaarovergang van versie <strong>{version.name}</strong>: een nieuwe versie met alle rekenmodellen, overgezet naar het boekjaar.</p>
        <div className="gs-rollover-fields">
          <Field label="Boekjaar" required id="rollover-year">
            <InputGroup
              id="rollover-year" inputMode="numeric" value={year ?? ''} disabled={submission.busy} onValueChange={setYear}
              onBlur={chooseYear} onKeyDown={(e) => e.key === 'Enter' && chooseYear()}
            />
          </Field>
          <Field label="Naam nieuwe versie" required id="rollover-name">
            <InputGroup id="rollover-name" value={name ?? ''} disabled={submission.busy} onValueChange={setName} />
          </Field>
        </div>
        <Checkbox label="Huidige versie bevriezen" checked={freeze} disabled={submission.busy} onChange={(e) => setFreeze(e.currentTarget.checked)} />
        <div role="region" aria-label="Voorbeeld jaarovergang" className="gs-rollover-preview">
          {preview.loading && <p className="gs-muted">Aan het berekenen...</p>}
          {!preview.loading && preview.failed && <Callout intent="danger">De jaarovergang kan zo niet worden uitgevoerd.</Callout>}
          {!preview.loading && p && p.models.map((m) => <ModelPreview key={m.model} m={m} />)}
        </div>
      </DialogBody>
      <DialogFooter
        actions={(
          <>
            <Button text="Annuleren" onClick={onClose} />
            <Button text="Jaarovergang uitvoeren" intent="primary" disabled={!p || preview.loading || preview.failed || String(asked ?? p.year) !== year} loading={submission.busy} onClick={() => void execute()} />
          </>
        )}
      />
    </Dialog>
  );
});

type ModelLine = RolloverPreview['models'][number];
const beforeAfter = (x: { before: number | null; after: number | null } | null) => (x ? `${formatMoney(x.before)} → ${formatMoney(x.after)}` : '-');

/** One model of the preview: its headline figures, and the list of what moves, opened per model. */
function ModelPreview({ m }: { m: ModelLine }) {
  const [open, setOpen] = useState(false);
  if (m.outcome === 'copied') {
    return <div className="gs-rollover-model" aria-label={m.name}><strong>{m.name}</strong>: wordt gekopieerd, niet overgezet</div>;
  }
  const details = m.realised.length + m.postponed.length + m.droppedIndexRates.length;
  return (
    <div className="gs-rollover-model" role="group" aria-label={m.name}>
      <strong>{m.name}</strong>
      <dl className="gs-rollover-figures">
        <dt>EW</dt><dd>{beforeAfter(m.ew)}</dd>
        <dt>NCW</dt><dd>{beforeAfter(m.ncw)}</dd>
        <dt>Boekwaarde per 1 januari</dt><dd>{formatMoney(m.openingBookValue)}</dd>
      </dl>
      <Button variant="minimal" size="small" icon={open ? 'chevron-down' : 'chevron-right'} text={`Details (${details})`} disabled={!details} onClick={() => setOpen(!open)} />
      <Collapse isOpen={open}>
        <ul className="gs-rollover-details">
          {m.realised.map((r) => <li key={`r${r.section}`}>Gerealiseerd {r.section}: {formatMoney(r.amount)} (nominaal {formatMoney(r.nominal)})</li>)}
          {m.postponed.map((x, i) => (
            <li key={`p${i}`}>
              {x.section} '{x.entry}': Niet geboekt in {x.from}: {x.valueType === 'Procentueel' ? `${percentDown(x.amount)} %` : formatMoney(x.amount)} doorgeschoven naar {x.to}
            </li>
          ))}
          {m.droppedIndexRates.map((d, i) => <li key={`d${i}`}>{d.section} '{d.entry}': eigen indexpercentage {percentDown(d.rate)} % in {d.period} vervalt</li>)}
        </ul>
      </Collapse>
    </div>
  );
}
