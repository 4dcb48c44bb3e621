import type { IconName, Intent } from '@blueprintjs/core';

// The tool's action registry (after Excalidraw's): one action serves its toolbar button, its keyboard
// shortcut, the button's tooltip and its item in the grids' right-click menu, so label, keys and the
// enabled rule are written once.

export interface Action {
  id: string;
  label: string;
  /** 'Mod+Z' (Mod = Ctrl, or Cmd on a Mac), 'Mod+Shift+Z', …; the first is the one the tooltip names. */
  keys: string[];
  enabled(): boolean;
  run(): void;
  /** Keep the shortcut working while the focus is in a text field (Mod+S). */
  inInputs?: boolean;
  /** A toolbar button: its icon; `text` shows the label on the button (otherwise the label is its aria-label). */
  toolbar?: { icon: IconName; text?: boolean; intent?: Intent };
  /** The button shows a spinner while this is true. */
  busy?(): boolean;
  /** Why it cannot run now (null: it can); the disabled button says so on hover. */
  blocked?(): string | null;
  /** An item of the entry grids' right-click menu, in this group (a line between groups). */
  menu?: MenuGroup;
}

/** The right-click menu's groups, top to bottom. */
const MENU_GROUPS = ['rows', 'clipboard', 'history'] as const;
type MenuGroup = (typeof MENU_GROUPS)[number];

/** A line between two groups of the right-click menu. */
export const MENU_SEPARATOR = 'separator';

/** The tooltip of an action's button: 'Ongedaan maken (Ctrl+Z)', or the label alone without a shortcut. */
export function tooltipOf(a: Pick<Action, 'label' | 'keys'>): string {
  return a.keys.length ? `${a.label} (${a.keys[0].replace('Mod', 'Ctrl')})` : a.label;
}

/** A button's hover text: the reason it is disabled, else its tooltip. */
export function titleOf(a: Pick<Action, 'label' | 'keys' | 'blocked'>): string {
  return a.blocked?.() ?? tooltipOf(a);
}

function keyOf(e: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'key'>): string {
  const parts: string[] = [];
  if (e.ctrlKey || e.metaKey) parts.push('Mod');
  if (e.altKey) parts.push('Alt');
  if (e.shiftKey) parts.push('Shift');
  parts.push(e.key.length === 1 ? e.key.toUpperCase() : e.key);
  return parts.join('+');
}

export class ActionRegistry {
  private readonly byKey = new Map<string, Action>();
  readonly actions = new Map<string, Action>();

  register(...list: Action[]): this {
    for (const a of list) {
      this.actions.set(a.id, a);
      for (const k of a.keys) this.byKey.set(k, a);
    }
    return this;
  }

  /** The toolbar's buttons, in the order the actions were registered. */
  toolbar(): Action[] {
    return [...this.actions.values()].filter((a) => a.toolbar);
  }

  /** The right-click menu: its groups in order, each in registration order, a separator between them. */
  menu(): (Action | typeof MENU_SEPARATOR)[] {
    const all = [...this.actions.values()];
    return MENU_GROUPS
      .map((group) => all.filter((a) => a.menu === group))
      .filter((items) => items.length)
      .flatMap((items, i) => (i ? [MENU_SEPARATOR, ...items] : items));
  }

  get(id: string): Action {
    const a = this.actions.get(id);
    if (!a) throw new Error(`Onbekende actie ${id}`);
    return a;
  }

  /**
   * Handles a key press; true when an action ran. `editing` says the focus is in a text input or an
   * open cell editor, where only actions marked inInputs apply (the input keeps its own Ctrl+Z).
   */
  handle(e: KeyboardEvent, editing: boolean): boolean {
    const a = this.byKey.get(keyOf(e));
    if (!a || (editing && !a.inInputs)) return false;
    e.preventDefault();
    e.stopPropagation();
    if (a.enabled()) a.run();
    return true;
  }
}
