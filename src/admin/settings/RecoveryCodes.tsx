import { Button, Callout } from '@blueprintjs/core';

/**
 * The ten recovery codes, shown once (issue 25.2): after setup and after 'Nieuwe herstelcodes'. The
 * user copies or writes them down; `onDone` leaves them.
 */
export function RecoveryCodes({ codes, onDone, doneText }: { codes: string[]; onDone: () => void; doneText: string }) {
  return (
    <div role="region" aria-label="Herstelcodes">
      <Callout intent="primary" icon="key" title="Bewaar uw herstelcodes">
        Raakt u uw telefoon kwijt, dan logt u in met een van deze codes in plaats van de code uit de app. Elke code werkt één keer.
        Bewaar ze op een veilige plek: ze worden maar één keer getoond.
      </Callout>
      <ol className="gs-recovery-codes" aria-label="Lijst herstelcodes">
        {codes.map((c) => <li key={c}><code>{c}</code></li>)}
      </ol>
      <div className="gs-actions">
        <Button icon="duplicate" text="Kopiëren" onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))} />
        <Button intent="primary" text={doneText} onClick={onDone} />
      </div>
    </div>
  );
}
