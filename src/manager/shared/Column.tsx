import type { ReactNode } from 'react';
import { Button, Spinner } from '@blueprintjs/core';
import './shared.css';

/** One of the three lists (Projecten, Versies, Rekenmodellen) of the overview and the Reports screen. */
export function Column({ title, addLabel, onAdd, loading, empty, children }: {
  title: string; addLabel?: string; onAdd?: () => void; loading: boolean; empty: string | null; children: ReactNode;
}) {
  return (
    <section aria-label={title} className="gs-column">
      <div className="gs-column-head">
        <h3>{title}</h3>
        {loading && <Spinner size={16} />}
        <div style={{ flex: 1 }} />
        {onAdd && addLabel && <Button icon="plus" variant="minimal" aria-label={addLabel} title={addLabel} onClick={onAdd} />}
      </div>
      {empty ? <p className="gs-muted gs-empty">{empty}</p> : <ul className="gs-rows">{children}</ul>}
    </section>
  );
}
