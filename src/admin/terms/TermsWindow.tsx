import { observer } from 'mobx-react-lite';
import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Dialog } from '../../app/Dialog.tsx';
import { useRoot } from '../../app/RootStore.ts';
import { useSubmission } from '../../app/submission.ts';
import { authApi } from '../../api/auth.ts';

import { termsVersionText } from '../../lib/terms.ts';
import { SAVE_FAILED } from '../../api/contract/messages.ts';

/** Terms of use (spec 2 §1): accepted before any screen; declining signs out. */
export const TermsWindow = observer(function TermsWindow() {
  const { screen, auth } = useRoot();
  const submission = useSubmission();
  const busy = submission.busy;
  const accept = () => submission.run(async () => {
    // The answer is the updated user: the guard sees the acceptance before the window closes.
    auth.setUser(await authApi.updateMe({ termsConditionsAccepted: true }));
    screen.closeTerms();
    // At once, without another round trip: a later navigation would undo a menu click made meanwhile.
    screen.restoreOrStart();
  }, { failure: () => SAVE_FAILED });
  const decline = () => {
    screen.closeTerms();
    void auth.logout();
  };
  return (
    <Dialog isOpen={screen.termsOpen} title="Gebruiksvoorwaarden" isCloseButtonShown={false} canEscapeKeyClose={false} canOutsideClickClose={false}>
      <DialogBody className="gs-terms">
        <p className="gs-muted">Versie van {termsVersionText()}</p>
        <p>De rekenmodellen worden in licentie ter beschikking gesteld. Het is niet toegestaan de rekenmodellen te kopiëren of aan derden openbaar te maken.</p>
        <p>Op de hosting van de applicatie zijn de standaard ICT-voorwaarden van de Nederlandse overheid van toepassing.</p>
        <p>Medewerkers van derden die met de applicatie werken, tekenen vooraf een geheimhoudingsverklaring.</p>
        <p>De rekenmodellen maken contact met de database om gebruiksgegevens vast te leggen. Deze gegevens zijn alleen zichtbaar voor daartoe geautoriseerde personen.</p>
      </DialogBody>
      <DialogFooter actions={
        <>
          <Button text="Weigeren" onClick={decline} disabled={busy} />
          <Button intent="primary" text="Accepteren" onClick={() => void accept()} loading={busy} />
        </>
      } />
    </Dialog>
  );
});
