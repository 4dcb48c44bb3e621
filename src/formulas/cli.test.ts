import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
const worked = fileURLToPath(new URL('./examples/worked-example.model.json', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { encoding: 'utf8' });

/** The worked example's revenues are all housing (calculation.md §3b.7). */
const split = (residential: number) => ({ revenues_residential: residential, revenues_non_residential: 0, revenues_other: 0 });

describe('npm run calc', () => {
  it('prints the results of the worked example as JSON', () => {
    const r = run(worked);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ ew: -106120.8, ncw: -98039.22, verliesvoorziening: 98039.22, poc: 0 });
    expect(out.periods).toEqual([
      { label: '2024', costs: 500000, revenues: 0, ...split(0), interest: 0, balance: 500000 },
      { label: '2025', costs: 510000, revenues: 0, ...split(0), interest: 10000, balance: 1020000 },
      { label: '2026', costs: 0, revenues: 936360, ...split(936360), interest: 20400, balance: 104040 },
      { label: '2027', costs: 0, revenues: 0, ...split(0), interest: 2080.8, balance: 106120.8 },
    ]);
    expect(out.entries[0]).toMatchObject({ kind: 'cost', id: 1, estimate: 1000000, amountAtNcw: 1000000, totalPhased: 1000000, totalBooked: 0, residualToPhase: 0 });
  });

  it('prints the Dutch problems and exits 1 for invalid model data', () => {
    const dir = mkdtempSync(join(tmpdir(), 'grondslag-cli-'));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ base_parameters: { phasing_period: 'Weekly' }, cost_estimate: [], residential_construction: [] }));
    const r = run(bad, '--xlsx', join(dir, 'x.xlsx'));
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Ongeldige modelgegevens:');
    expect(r.stderr).toContain('- base_parameters.phasing_period: Ongeldige optie');
    const full = fileURLToPath(new URL('./examples/full-exploitation.model.json', import.meta.url));
    const all = JSON.parse(run(full).stdout);
    expect([all.ew, all.ncw]).toEqual([1789279.92, 1653018.07]);
    expect(all.periods[2]).toMatchObject({ revenues_residential: 1810296, revenues_non_residential: 780300, revenues_other: 0 });
    expect(all.entries.map((e: { kind: string }) => e.kind)).toEqual(['cost', 'residential', 'residential', 'non_residential', 'other_revenue']);
    const notJson = join(dir, 'x.json');
    writeFileSync(notJson, '{');
    expect(run(notJson).status).toBe(1);
  });

  it('--rollover 2025: §8b\'s jaarovergang, the model and its notes (calculation.md §8.5)', () => {
    const example = (name: string) => fileURLToPath(new URL(`../../docs/examples/${name}.model.json`, import.meta.url));
    const r = run('--rollover', '2025', example('annual-2024'));
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.model.base_parameters).toMatchObject({ phasing_calculation_start_date: '2025-01-01', opening_book_value: 500000 });
    expect(out.model.cost_estimate[0].bookvalue.realised_before_start).toBe(510000);
    expect(out.notes).toEqual([]);
    const own = JSON.parse(run('--rollover', '2025', worked).stdout);
    expect(own.notes).toEqual([expect.objectContaining({ section: 'cost_estimate', id: 1, postponed: 500000, to: '2025' })]);
    // the rolled-over model is a model like any other
    const dir = mkdtempSync(join(tmpdir(), 'grondslag-cli-'));
    writeFileSync(join(dir, 'rolled.json'), JSON.stringify(out.model));
    expect(JSON.parse(run(join(dir, 'rolled.json')).stdout)).toMatchObject({ ew: -106120.8, ncw: -100000 });
    const refused = run('--rollover', '2024', worked);
    expect([refused.status, refused.stdout]).toEqual([1, '']);
    expect(refused.stderr).toContain('Boekjaar 2024 ligt niet binnen de looptijd van het model');
  });

  it('--variance a.json b.json: §9b\'s table to the cent', () => {
    const b = fileURLToPath(new URL('../../docs/examples/variance-2025.model.json', import.meta.url));
    const r = run('--variance', worked, b);
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    const zero = { ew: 0, ncw: 0 };
    const sections = (residential: { ew: number; ncw: number }) => ({ cost_estimate: zero, residential_construction: residential, non_residential_construction: zero, other_revenues: zero });
    expect(out).toMatchObject({
      ew_a: -106120.8, ncw_a: -98039.22, ew_b: -103274.91, ncw_b: -97318.25,
      steps: [
        { step: 'time', ew: 0, ncw: -1960.78 },
        { step: 'realisation', ew: -31836.24, ncw: -30000 },
        { step: 'parameters', ew: 4635.9, ncw: 4368.51 },
        { step: 'scope', ew: 31990.77, ncw: 30145.62, sections: sections({ ew: 31990.77, ncw: 30145.62 }) },
        { step: 'phasing', ew: -1944.54, ncw: -1832.38, sections: sections({ ew: -1944.54, ncw: -1832.38 }) },
      ],
    });
    const backwards = run('--variance', b, worked);
    expect(backwards.status).toBe(1);
    expect(backwards.stderr).toContain('De startdatum van het latere model ligt vóór die van het eerdere');
  });
});
