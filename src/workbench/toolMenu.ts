import { action, makeObservable, observable } from 'mobx';

// The tool's own menu (Uitgangspunten, Kostenraming, …) can be folded to a narrow strip of icons, so a
// grid gets the width at 1280 × 800 (issue 23: with the main menu beside it the computed 'Raming' column
// was cut off). The choice is the browser's: it is kept in localStorage and holds for every model.

const KEY = 'grondslag.workbench.menuCollapsed';

type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>;

export class ToolMenuState {
  collapsed: boolean;

  constructor(private readonly storage: FlagStorage | null) {
    this.collapsed = read(storage);
    makeObservable(this, { collapsed: observable, toggle: action });
  }

  toggle(): void {
    this.collapsed = !this.collapsed;
    try {
      this.storage?.setItem(KEY, this.collapsed ? '1' : '0');
    } catch {
      /* storage full or refused: the choice holds until the page is left */
    }
  }
}

function read(storage: FlagStorage | null): boolean {
  try {
    return storage?.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export const toggleLabel = (collapsed: boolean) => (collapsed ? 'Menu uitklappen' : 'Menu inklappen');
