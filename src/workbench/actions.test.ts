import { describe, expect, it, vi } from 'vitest';
import { ActionRegistry, MENU_SEPARATOR, titleOf, tooltipOf, type Action } from './actions.ts';

const key = (over: Partial<KeyboardEvent>) =>
  ({ ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, key: '', preventDefault: vi.fn(), stopPropagation: vi.fn(), ...over }) as unknown as KeyboardEvent;

function registry(enabled: { undo: boolean }) {
  const ran: string[] = [];
  const action = (id: string, over: Partial<Action>): Action => ({ id, label: id, keys: [], enabled: () => true, run: () => ran.push(id), ...over });
  const r = new ActionRegistry().register(
    action('undo', { label: 'Ongedaan maken', keys: ['Mod+Z'], toolbar: { icon: 'undo' }, enabled: () => enabled.undo }),
    action('fillDown', { label: 'Omlaag vullen', keys: ['Mod+D'] }),
    action('save', { label: 'Opslaan', keys: ['Mod+S'], inInputs: true, toolbar: { icon: 'floppy-disk', text: true } }),
  );
  return { r, ran };
}

describe('the workbench action registry: one action for button, shortcut and tooltip', () => {
  it('lists the toolbar actions in registration order, leaving out shortcut-only ones', () => {
    expect(registry({ undo: true }).r.toolbar().map((a) => a.id)).toEqual(['undo', 'save']);
  });

  it('names the first shortcut in the tooltip, with Ctrl for Mod', () => {
    expect(tooltipOf({ label: 'Opnieuw', keys: ['Mod+Y', 'Mod+Shift+Z'] })).toBe('Opnieuw (Ctrl+Y)');
    expect(tooltipOf({ label: 'Sluiten', keys: [] })).toBe('Sluiten');
  });

  it('a blocked action says why on hover instead of its tooltip', () => {
    let reason: string | null = 'De versie heeft geen functiegebieden op de kaart.';
    const a = { label: 'Overnemen uit kaart', keys: [], blocked: () => reason };
    expect(titleOf(a)).toBe('De versie heeft geen functiegebieden op de kaart.');
    reason = null;
    expect(titleOf(a)).toBe('Overnemen uit kaart');
  });

  it('runs an action from its shortcut only when it is enabled, and keeps typing keys for text fields', () => {
    const enabled = { undo: false };
    const { r, ran } = registry(enabled);
    expect(r.handle(key({ ctrlKey: true, key: 'z' }), false)).toBe(true); // the key is the tool's even when disabled
    expect(ran).toEqual([]);
    enabled.undo = true;
    r.handle(key({ metaKey: true, key: 'z' }), false);
    expect(ran).toEqual(['undo']);
    expect(r.handle(key({ ctrlKey: true, key: 'z' }), true)).toBe(false); // an input keeps its own Ctrl+Z
    expect(r.handle(key({ ctrlKey: true, key: 's' }), true)).toBe(true);
    expect(ran).toEqual(['undo', 'save']);
  });

  it('gives the right-click menu its actions by group, with a line between groups, whatever the registration order', () => {
    const action = (id: string, menu: Action['menu']): Action => ({ id, label: id, keys: [], menu, enabled: () => true, run: () => {} });
    const r = new ActionRegistry().register(
      action('undo', 'history'), action('rowAbove', 'rows'), action('cut', 'clipboard'),
      { id: 'save', label: 'Opslaan', keys: ['Mod+S'], enabled: () => true, run: () => {} },
      action('rowBelow', 'rows'), action('copy', 'clipboard'),
    );
    expect(r.menu().map((a) => (a === MENU_SEPARATOR ? '---' : a.id))).toEqual(['rowAbove', 'rowBelow', '---', 'cut', 'copy', '---', 'undo']);
  });
});
