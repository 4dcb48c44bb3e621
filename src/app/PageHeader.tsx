import type { ReactNode } from 'react';
import { Breadcrumb, type BreadcrumbProps, Classes } from '@blueprintjs/core';
import { useRoot } from './RootStore.ts';
import type { Screen, ScreenParams } from './screenNames.ts';

interface Crumb {
  text: string;
  screen?: Screen;
  params?: ScreenParams;
  /** Kept whole while the names beside it shorten (the workbench's version name, issue 35.9). */
  keep?: boolean;
}

/** The breadcrumb every screen has; its first item returns to Projects (spec 1 §2). */
export function PageHeader({ crumbs, children }: { crumbs: Crumb[]; children?: ReactNode }) {
  const { screen } = useRoot();
  const items: BreadcrumbProps[] = [{ text: 'Projecten', onClick: () => screen.navigate('Projects') }, ...crumbs].map((c, i, all) => {
    const crumb = c as Crumb & BreadcrumbProps;
    const last = i === all.length - 1;
    return {
      // Long names shorten with an ellipsis (app.css); the full text shows on hover.
      text: <span className={crumb.keep ? 'gs-crumb gs-crumb-keep' : 'gs-crumb'} title={crumb.text}>{crumb.text}</span>,
      current: last,
      onClick: last ? undefined : crumb.onClick ?? (crumb.screen ? () => screen.navigate(crumb.screen!, crumb.params) : undefined),
    };
  });
  // Blueprint's own list of breadcrumbs, without its Breadcrumbs component: every item stays visible,
  // shortened (app.css), so there is nothing to fold into a menu, and its OverflowList measured the page on
  // every render (a forced layout of ≈ 40 ms under the workbench's grids when the engine answered).
  return (
    <div className="gs-header">
      <nav aria-label="Breadcrumb">
        <ol className={`${Classes.OVERFLOW_LIST} ${Classes.BREADCRUMBS}`}>
          {items.map((b, i) => <li key={i}><Breadcrumb {...b} /></li>)}
        </ol>
      </nav>
      {children}
    </div>
  );
}
