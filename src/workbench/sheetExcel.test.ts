import { describe, expect, it, vi } from 'vitest';
import { ActionRegistry } from './actions.ts';
import { completeChoice, contextMenuOf } from './sheetExcel.ts';

describe('completeChoice: what a typed choice stands for, without waiting for the list', () => {
  const methods = ['Kavelprijs', 'Prijs per m²', 'Grondquote', 'Residueel'];
  it('takes the choice named exactly, in any case, before a longer one that merely contains it', () => {
    expect(completeChoice(methods, 'Prijs per m²')).toBe('Prijs per m²');
    expect(completeChoice(methods, 'prijs per M²')).toBe('Prijs per m²');
  });
  it('completes a start to the first choice that begins with it', () => {
    expect(completeChoice(methods, 'prij')).toBe('Prijs per m²');
    expect(completeChoice(methods, 'res')).toBe('Residueel');
  });
  it('leaves text that names no choice, and empty text, as typed', () => {
    expect(completeChoice(methods, 'prijs')).toBe('Prijs per m²');
    expect(completeChoice(methods, 'xyz')).toBe('xyz');
    expect(completeChoice(methods, '')).toBe('');
  });
});

describe('contextMenuOf: the right-click menu is the action registry\'s', () => {
  it('shows each menu action by its label, disabled by its enabled rule, and runs it', () => {
    let canUndo = false;
    const undo = vi.fn();
    const actions = new ActionRegistry().register(
      { id: 'undo', label: 'Ongedaan maken', keys: ['Mod+Z'], menu: 'history', enabled: () => canUndo, run: undo },
      { id: 'copy', label: 'Kopiëren', keys: [], menu: 'clipboard', enabled: () => true, run: () => {} },
      { id: 'save', label: 'Opslaan', keys: ['Mod+S'], enabled: () => true, run: () => {} },
    );
    const { items } = contextMenuOf(actions) as { items: Record<string, { name: string; disabled?: () => boolean; callback?: () => void }> };
    expect(Object.values(items).map((i) => i.name)).toEqual(['Kopiëren', '---------', 'Ongedaan maken']);
    expect(items.gs_undo!.disabled!()).toBe(true);
    canUndo = true;
    expect(items.gs_undo!.disabled!()).toBe(false);
    items.gs_undo!.callback!();
    expect(undo).toHaveBeenCalledTimes(1);
  });
});
