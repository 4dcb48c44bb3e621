import { observer } from 'mobx-react-lite';
import { Toast2 } from '@blueprintjs/core';
import { useRoot } from './RootStore.ts';

/** Blueprint's own close button is named 'Close'; an action closes the toast as well, so this one says 'Melding sluiten'. */
const CLOSE = { icon: 'cross', 'aria-label': 'Melding sluiten', title: 'Melding sluiten' } as const;

/** Bottom-right, newest on top (spec 1 §8). */
export const Toasts = observer(function Toasts() {
  const { toasts } = useRoot();
  return (
    <div className="gs-toasts" role="status" aria-live="polite">
      {toasts.toasts.map((t) => (
        <Toast2 key={t.id} message={t.message} intent={t.intent} timeout={0} onDismiss={() => toasts.dismiss(t.id)}
          isCloseButtonShown={false} action={CLOSE} />
      ))}
    </div>
  );
});
