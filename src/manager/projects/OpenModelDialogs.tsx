import { observer } from 'mobx-react-lite';
import { Alert, AnchorButton, Button, Callout, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { Dialog } from '../../app/Dialog.tsx';
import { MODEL_ALREADY_OPEN, OPEN_MODEL_FAILED, OPEN_MODEL_NOT_FILLED, notFilledText } from '../../api/contract/messages.ts';
import { excelUri } from '../../api/openModel.ts';
import { TaskProgress } from '../shared/TaskProgress.tsx';
import type { OpenModelStore } from './OpenModelStore.ts';

/** The cancel-session warning (spec 1 §4): asked before a session is ended, here and in the overview. */
export function EndSessionWarning({ name, email }: { name: string; email: string | null }) {
  return (
    <p>
      Rekenmodel '{name}' is geopend door {email ?? 'een andere gebruiker'}. Als u de sessie beëindigt, gaat niet-opgeslagen
      werk verloren. Weet u zeker dat u de sessie wilt beëindigen?
    </p>
  );
}

/** The pop-ups of opening a spreadsheet model (spec 1 §2 "Pop-ups in this area", §4, §8). */
export const OpenModelDialogs = observer(function OpenModelDialogs({ store }: { store: OpenModelStore }) {
  return (
    <>
      <OpenDialog store={store} />
      <SessionAlert store={store} />
    </>
  );
});

/** The ready pop-up's warning: the inputs the workbook has no named cell for (nothing when it has a cell for each). */
export function NotFilledWarning({ keys }: { keys: readonly string[] }) {
  if (!keys.length) return null;
  return (
    <Callout intent="warning" icon="warning-sign" title={OPEN_MODEL_NOT_FILLED} className="gs-open-not-filled">
      <p>{notFilledText(keys)}</p>
    </Callout>
  );
}

/** Progress, ready, failure and the missing map data share one pop-up, which changes as the open goes on. */
const OpenDialog = observer(function OpenDialog({ store }: { store: OpenModelStore }) {
  const s = store.state;
  const name = store.model?.name ?? '';
  const isOpen = s.step === 'progress' || s.step === 'ready' || s.step === 'failed' || s.step === 'noMapData';
  const noMap = s.step === 'noMapData';
  return (
    <Dialog
      isOpen={isOpen}
      title={noMap ? 'Rekenmodel zonder kaartgegevens' : 'Rekenmodel openen'}
      icon={noMap ? 'warning-sign' : 'th'}
      onClose={() => store.close()}
      canOutsideClickClose={false}
      className="gs-open-dialog"
    >
      <DialogBody>
        <p className="gs-open-model">{name}</p>
        {s.step === 'progress' && <TaskProgress text={s.text} pct={s.pct} />}
        {s.step === 'ready' && (
          <Callout intent="success" icon="tick-circle" title="Het rekenmodel staat klaar.">
            {s.file.editUrl
              ? <p>Wat u in Excel opslaat, komt als nieuwe versie in de historie van het rekenmodel.</p>
              : <p>U kunt dit rekenmodel niet bewerken; u downloadt een kopie. Eerdere versies staan in de historie (Meer info).</p>}
            <p>Een gedownload bestand is een kopie: wijzigingen daarin komen niet terug in Grondslag.</p>
            {s.file.editUrl && (
              <FormGroup label="LibreOffice: kies Bestand → Openen en plak dit adres" labelFor="gs-edit-url" className="gs-open-address">
                <InputGroup
                  id="gs-edit-url"
                  readOnly
                  value={s.file.editUrl}
                  onFocus={(e) => e.currentTarget.select()}
                  rightElement={(
                    <Button
                      variant="minimal"
                      icon={store.addressCopied ? 'tick' : 'duplicate'}
                      text={store.addressCopied ? 'Gekopieerd' : 'Kopiëren'}
                      onClick={() => void store.copyEditUrl()}
                    />
                  )}
                />
              </FormGroup>
            )}
          </Callout>
        )}
        {s.step === 'ready' && <NotFilledWarning keys={s.file.notFilled} />}
        {s.step === 'failed' && (
          <Callout intent="danger" icon="error" title={OPEN_MODEL_FAILED}>
            {s.detail && <p>{s.detail}</p>}
          </Callout>
        )}
        {s.step === 'noMapData' && (
          <Callout intent="warning" icon={null} title={s.reason}>
            <p>U kunt het rekenmodel toch openen; het ruimtegebruik uit de kaart wordt dan niet ingevuld.</p>
          </Callout>
        )}
      </DialogBody>
      <DialogFooter actions={<OpenActions store={store} />} />
    </Dialog>
  );
});

const OpenActions = observer(function OpenActions({ store }: { store: OpenModelStore }) {
  const s = store.state;
  switch (s.step) {
    case 'progress':
      return <Button text="Annuleren" onClick={() => store.close()} />;
    case 'ready':
      return (
        <>
          <Button text="Sluiten" onClick={() => store.close()} />
          <Button icon="download" text="Downloaden" intent={s.file.editUrl ? 'none' : 'primary'} loading={store.busy} onClick={() => void store.download()} />
          {/* a link, so the browser hands the Office URI to Excel on the user's own click */}
          {s.file.editUrl && <AnchorButton icon="share" intent="primary" text="Openen in Excel" href={excelUri(s.file.editUrl)} onClick={() => store.close()} />}
        </>
      );
    case 'noMapData':
      return (
        <>
          <Button text="Ga terug" onClick={() => store.close()} />
          <Button intent="primary" text="Toch openen" onClick={() => void store.openWithoutMapData()} />
        </>
      );
    default:
      return <Button text="Sluiten" onClick={() => store.close()} />;
  }
});

/**
 * The model-already-open alert (409); its 'Beëindig sessie' turns it into the cancel-session warning
 * (one alert, so the question follows without a second pop-up sliding in).
 */
const SessionAlert = observer(function SessionAlert({ store }: { store: OpenModelStore }) {
  const s = store.state;
  const m = store.model;
  const mayEnd = Boolean(m?.canEndSession);
  const confirming = s.step === 'confirmEnd';
  return (
    <Alert
      isOpen={s.step === 'alreadyOpen' || confirming}
      intent="warning"
      icon="warning-sign"
      confirmButtonText={mayEnd ? 'Beëindig sessie' : 'Sluiten'}
      cancelButtonText={confirming ? 'Annuleren' : mayEnd ? 'Sluiten' : undefined}
      loading={store.busy}
      onConfirm={() => {
        if (confirming) void store.confirmEndSession();
        else if (mayEnd) store.askEndSession();
        else store.close();
      }}
      onCancel={() => store.close()}
    >
      {s.step === 'alreadyOpen' && (
        <>
          <p>{MODEL_ALREADY_OPEN}</p>
          {s.email && <p>Geopend door: <strong>{s.email}</strong></p>}
        </>
      )}
      {confirming && m && <EndSessionWarning name={m.name} email={s.email} />}
    </Alert>
  );
});
