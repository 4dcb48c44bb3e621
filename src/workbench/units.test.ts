import { describe, expect, it } from 'vitest';
import { parseUnit, UNIT_OPTIONS } from './units.ts';

describe('parseUnit: what a modeller types in a unit cell', () => {
  it.each([
    ['m2', 'SquareMeter'], ['m²', 'SquareMeter'], ['M2', 'SquareMeter'], [' M² ', 'SquareMeter'],
    ['ha', 'Hectare'], ['Ha', 'Hectare'], ['m3', 'CubicMeter'], ['m³', 'CubicMeter'],
    ['st', 'Pieces'], ['stuks', 'Pieces'], ['Stuks', 'Pieces'], ['uur', 'Hours'], ['Uren', 'Hours'],
    ['%', 'Percentage'], ['€', 'Euro'], ['post', 'Item'], ['Item', 'Item'], ['m', 'Meter'], ['SquareMeter', 'SquareMeter'],
  ])('%s → %s', (typed, unit) => {
    expect(parseUnit(typed)).toEqual({ unit });
  });

  it('reads every label the grid shows back as its own unit', () => {
    for (const o of UNIT_OPTIONS) expect(parseUnit(o.label)).toEqual({ unit: o.value });
  });

  it.each(['m4', 'mm', 'm²2', 'meters2', 'x', 'vierkant', '2'])('refuses %s with the list of units', (typed) => {
    expect(parseUnit(typed)).toEqual({ error: `Onbekende eenheid '${typed}'. Kies een van: m, m², Ha, m³, Stuks, Post, Percentage, Euro, Uren.` });
  });

  it('refuses an empty unit (a unit is required)', () => {
    expect(parseUnit('  ')).toEqual({ error: 'Voer een eenheid in: m, m², Ha, m³, Stuks, Post, Percentage, Euro, Uren.' });
    expect(parseUnit(null)).toHaveProperty('error');
  });
});
