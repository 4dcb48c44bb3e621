import { describe, expect, it } from 'vitest';
import { ToolMenuState, toggleLabel } from './toolMenu.ts';

describe("the tool's menu folds and remembers it", () => {
  it('starts open, folds, and a new page (a reload) reads the choice back', () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
    const menu = new ToolMenuState(storage);
    expect(menu.collapsed).toBe(false);
    expect(toggleLabel(menu.collapsed)).toBe('Menu inklappen');
    menu.toggle();
    expect(menu.collapsed).toBe(true);
    expect(toggleLabel(menu.collapsed)).toBe('Menu uitklappen');
    expect(new ToolMenuState(storage).collapsed).toBe(true);
    menu.toggle();
    expect(new ToolMenuState(storage).collapsed).toBe(false);
  });

  it('works without storage, or with storage that refuses', () => {
    const menu = new ToolMenuState(null);
    menu.toggle();
    expect(menu.collapsed).toBe(true);
    const refusing = { getItem: () => { throw new Error('geweigerd'); }, setItem: () => { throw new Error('vol'); } };
    const other = new ToolMenuState(refusing);
    expect(other.collapsed).toBe(false);
    other.toggle();
    expect(other.collapsed).toBe(true);
  });
});
