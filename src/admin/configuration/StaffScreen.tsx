import type { ReactNode } from 'react';
import { NonIdealState } from '@blueprintjs/core';
import { PageHeader } from '../../app/PageHeader.tsx';

/**
 * A configuration screen only staff may use: the breadcrumb, then the content when the capability flag
 * allows it, otherwise the reason (the server refuses the calls either way).
 */
export function StaffScreen({ title, allowed, denied, className = 'gs-content', children }: {
  title: string; allowed: boolean; denied: string; className?: string; children: ReactNode;
}) {
  return (
    <>
      <PageHeader crumbs={[{ text: 'Configuratie' }, { text: title }]} />
      <div className={className}>
        {allowed ? children : <NonIdealState icon="lock" description={denied} />}
      </div>
    </>
  );
}
