import { NonIdealState } from '@blueprintjs/core';
import { PageHeader } from './PageHeader.tsx';
import { NOT_FOUND } from '../api/contract/messages.ts';

/** An address no screen has, or a screen the user may not open: the server's word for what one cannot see. */
export default function NotFoundScreen() {
  return (
    <>
      <PageHeader crumbs={[{ text: NOT_FOUND }]} />
      <div className="gs-content"><NonIdealState icon="search" title={NOT_FOUND} /></div>
    </>
  );
}
