import { describe, expect, it } from 'vitest';
import { exampleStore } from './testing.ts';
import { costEstimateSheet, methodEstimateSheet, methodSections, phasingSheet } from './sheets.ts';
import { entriesOf } from '../formulas/sections.ts';
import type { NonResidentialEntry, OtherRevenueEntry } from '../api/contract/modelData.ts';

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
    expect(residual.columns.map((c) => c.title)).toEqual(['Omschrijving', 'Waarde excl. btw', 'Bouwkosten per eenheid', 'Bijkomende kosten', 'Raming', 'Melding']);
    expect(residual.data[0]![5]).toBe('Residuele grondwaarde negatief: € -65.000,00; opbrengst op € 0,00 gezet.');
    expect(residual.data[0]![4]).toBe(0);
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
