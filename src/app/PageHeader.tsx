import type { ReactNode } from 'react';
import { Breadcrumbs, type BreadcrumbProps } from '@blueprintjs/core';
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
  return (
    <div className="gs-header">
      {/* Every item stays visible, shortened (app.css), instead of Blueprint folding the first ones into a menu. */}
      <Breadcrumbs items={items} minVisibleItems={items.length} />
      {children}
    </div>
  );
}
