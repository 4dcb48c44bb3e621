import { Button, Card } from '@blueprintjs/core';
import { useRoot } from '../../app/RootStore.ts';

/** Role NON (spec 1 §6): the account still needs approval. */
export function WaitingScreen() {
  const { auth } = useRoot();
  return (
    <div className="gs-login">
      <Card elevation={3}>
        <h1>Grondslag</h1>
        <p>Uw account moet nog worden goedgekeurd. De beheerder is op de hoogte gebracht.</p>
        <Button text="Uitloggen" onClick={() => void auth.logout()} />
      </Card>
    </div>
  );
}
