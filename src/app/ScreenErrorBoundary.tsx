import { Component, type ReactNode } from 'react';
import { Button, NonIdealState } from '@blueprintjs/core';

// A screen that throws while it renders — above all a chunk of code that cannot load (the server was updated
// meanwhile, the network gone: a lazy screen, moduleScreens, a grid) — shows this instead of taking the
// whole app with it: the menu stays, and another screen can be chosen. Navigating to another screen starts
// afresh; the screens that stay mounted (the tool's tabs) are not remounted by it.

export class ScreenErrorBoundary extends Component<{ screen: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(before: { screen: string }) {
    if (this.state.failed && before.screen !== this.props.screen) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="gs-content">
        <NonIdealState
          icon="error"
          title="Dit scherm kon niet worden geladen."
          description="Vernieuw de pagina en probeer het opnieuw."
          action={<Button icon="refresh" text="Pagina vernieuwen" onClick={() => window.location.reload()} />}
        />
      </div>
    );
  }
}
