import { NonIdealState } from '@blueprintjs/core';
import { PageHeader } from '../../app/PageHeader.tsx';

/** Projects overview (spec 1 §2). */
export default function ProjectsScreen() {
  return (
    <>
      <PageHeader crumbs={[]} />
      <div className="gs-content">
        <div className="gs-columns">
          <section aria-label="Projecten"><h3>Projecten</h3><NonIdealState icon="projects" description="Nog geen projecten." /></section>
          <section aria-label="Versies"><h3>Versies</h3></section>
          <section aria-label="Rekenmodellen"><h3>Rekenmodellen</h3></section>
        </div>
      </div>
    </>
  );
}
