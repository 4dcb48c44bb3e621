import { describe, expect, it } from 'vitest';
import { exampleStore } from './testing.ts';
import { costEstimateSheet, methodEstimateSheet, methodSections, phasingSheet } from './sheets.ts';
import { entriesOf } from '../model/sections.ts';
import { applyCellChanges } from './common.tsx';
import type { NonResidentialEntry, OtherRevenueEntry } from '../model/modelData.ts';

// Issue 24: the grids of Niet-Woningbouw and Overige opbrengsten come from the section descriptors.
describe('section grids from the descriptors', () => {
  it('Niet-Woningbouw: method sub-tabs in the descriptor order, the category on Algemeen, the residual warning on the row', async () => {
    const s = await exampleStore();
    expect(methodSections('non_residential').map((t) => t.title)).toEqual(['Algemeen', 'Prijs per m²', 'Grondquote', 'Kavelprijs', 'Residueel', 'Grondopbrengst']);
    expect(methodSections('residential').map((t) => t.title)).toEqual(['Algemeen', 'Grondquote', 'Kavelprijs', 'Residueel', 'Prijs per m²', 'Grondopbrengst']);
    expect(s.insertEntry('non_residential', 0, 'Kantoor')).toEqual(null);
    const general = methodEstimateSheet(s, 'non_residential', 'general');
    expect(general.data[0]!.slice(0, 5)).toEqual(['Kantoor', 1, 'Prijs per m²', expect.any(String), 'Bedrijven']);
    expect(general.toEdits(0, 4, 'Kantoren')).toEqual([{ kind: 'entryField', entry: 'non_residential', id: 1, field: 'phasing_section_type', value: 'Kantoren' }]);
    expect(general.toEdits(0, 4, 'Woningbouw')).toEqual({ error: "'Woningbouw' is geen keuze uit de lijst; kies uit Bedrijven, Kantoren, Detailhandel, Horeca, Maatschappelijk, Overig vastgoed." });
    s.replaceModel((d) => {
      const e = entriesOf(d, 'non_residential')[0] as NonResidentialEntry;
      e.calculation_method = 'Residual';
      e.residual_data = { value_excl_vat: 100_000, building_costs: 150_000, additional_costs_percentage: 10 };
    });
    const residual = methodEstimateSheet(s, 'non_residential', 'residual');
    expect(residual.columns.map((c) => c.title)).toEqual(['Omschrijving', 'Residueel: waarde excl. btw', 'Bouwkosten per eenheid', 'Bijkomende kosten', 'Raming', 'Melding']);
    expect(residual.data[0]![5]).toBe('Residuele grondwaarde negatief: € -65.000,00; opbrengst op € 0,00 gezet.');
    expect(residual.data[0]![4]).toBe(0);
  });

  it("a post's phase is chosen in Fasering: its dates become the post's window, in one step (issue 35 item 6)", async () => {
    const s = await exampleStore();
    s.replaceModel((d) => d.base_parameters.phasing_costs_revenues.push({ phase_name: 'Uitgifte bedrijven', phase_group: 'Revenue', phase_start_date: '2027-01-01', phase_end_date: '2027-12-31' }));
    expect(s.insertEntry('non_residential', 0, 'Kantoor')).toBeNull();
    const def = phasingSheet(s, 'non_residential');
    const fase = def.columns.findIndex((c) => c.title === 'Fase');
    expect(def.columns[fase]!.options!.map((o) => o.label)).toEqual(['Uitgifte', 'Uitgifte bedrijven']);
    expect(def.data[0]![fase]).toBe(''); // a new post spans both revenue phases
    const t = { said: [] as string[], error: (m: string) => void t.said.push(m), warning: (m: string) => void t.said.push(m), success: () => {} };
    applyCellChanges(s, t, def, [{ row: 0, col: fase, value: 'Uitgifte b' }]);
    expect(t.said).toEqual([]);
    expect(entriesOf(s.model!, 'non_residential')[0]!.phasing).toMatchObject({ start_date: '2027-01-01', end_date: '2027-12-31' });
    expect(phasingSheet(s, 'non_residential').data[0]![fase]).toBe('Uitgifte bedrijven');
    s.undo();
    expect(entriesOf(s.model!, 'non_residential')[0]!.phasing).toMatchObject({ start_date: '2026-01-01', end_date: '2027-12-31' });
  });

  it("a method sub-tab's cells are inactive for a post of another method, and switching the method says what the estimate becomes (issue 35 item 7)", async () => {
    const s = await exampleStore();
    const said: string[] = [];
    const t = { error: (m: string) => void said.push(m), warning: (m: string) => void said.push(m), success: () => {} };
    // 'Koopwoningen' is a Grondquote post: 10 × 363.000 / 1,21 × 30 % = 900.000
    expect(s.results!.entries.residential![0]!.estimate).toBe(900_000);
    const plot = methodEstimateSheet(s, 'residential', 'plotPrice');
    const why = "Post 'Koopwoningen' rekent met Grondquote; de cellen van Kavelprijs tellen niet voor deze post. Kies de berekeningswijze op Algemeen.";
    expect(plot.inactive!(0)).toBe(why);
    expect(methodEstimateSheet(s, 'residential', 'landShare').inactive!(0)).toBeNull();
    applyCellChanges(s, t, plot, [{ row: 0, col: 1, value: '150.000' }]);
    expect(said).toEqual([why]);
    expect(s.model!.residential_construction[0]!.plot_price).toBeNull();
    expect(s.canUndo).toBe(false);
    // Switching the method on Algemeen says the estimate before and after.
    said.length = 0;
    const general = methodEstimateSheet(s, 'residential', 'general');
    const method = general.columns.findIndex((c) => c.key === 'calculation_method');
    s.replaceModel((d) => void (d.residential_construction[0]!.plot_price = 100_000));
    applyCellChanges(s, t, general, [{ row: 0, col: method, value: 'Kavelprijs' }]);
    expect(s.results!.entries.residential![0]!.estimate).toBe(1_000_000);
    expect(said).toEqual(["Post 'Koopwoningen' rekent nu met Kavelprijs: de raming wordt € 1.000.000,00 (was € 900.000,00). Ongedaan maken met Ctrl+Z."]);
    expect(methodEstimateSheet(s, 'residential', 'plotPrice').inactive!(0)).toBeNull();
  });

  it('Overige opbrengsten: Geïndexeerd Ja/Nee sets a boolean; the categories in Fasering are the Dutch words', async () => {
    const s = await exampleStore();
    expect(s.insertEntry('other_revenue', 0, 'Subsidie provincie')).toBeNull();
    const def = costEstimateSheet(s, 'other_revenue');
    const col = def.columns.findIndex((c) => c.title === 'Geïndexeerd');
    expect(def.data[0]![col]).toBe('Ja');
    expect(def.toEdits(0, col, 'Nee')).toEqual([{ kind: 'entryField', entry: 'other_revenue', id: 1, field: 'indexed', value: false }]);
    s.replaceModel((d) => ((entriesOf(d, 'other_revenue')[0] as OtherRevenueEntry).indexed = false));
    expect(costEstimateSheet(s, 'other_revenue').data[0]![col]).toBe('Nee');
    expect(phasingSheet(s, 'other_revenue').data[0]![1]).toBe('Subsidie');
    expect(phasingSheet(s, 'cost').columns[1]!.options!.map((o) => o.label)).toContain('Voorbereiding en toezicht');
  });
});
