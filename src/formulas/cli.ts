// `npm run calc -- model.json [--xlsx out.xlsx]`: validates the model data, computes it and prints
// the results as JSON; with --xlsx also writes the export. Invalid input prints the Dutch problems
// and exits with 1. `--rollover` and `--variance` are the annual cycle's (annual/annualCli.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { GrexEngine } from './engine.ts';
import { exportXlsx } from './export.ts';
import { startHyperFormula } from './hyperformulaSpeedups.ts';
import type { EntryResult, Results } from '../model/results.ts';
import { roundCents as cents } from '../lib/money.ts';
import { SECTIONS, revenueSections } from '../model/sections.ts';
import { validateModelDataForSave } from './validate.ts';
import { ANNUAL_USAGE, annualCommand } from './annual/annualCli.ts';

/** The CLI's JSON: money in euros rounded to cents, POC as a fraction. */
function cliOutput(r: Results) {
  const entry = (e: EntryResult) => ({
    kind: e.kind,
    id: e.id,
    label: e.label,
    estimate: cents(e.estimate),
    historicIndex: Number(e.historicIndex.toFixed(10)),
    amountAtNcw: cents(e.amountAtNcw),
    totalPhased: cents(e.totalPhased),
    totalBooked: cents(e.totalBooked),
    residualToPhase: cents(e.residualToPhase),
    ...(e.warning ? { warning: e.warning } : {}),
  });
  return {
    ew: cents(r.ew),
    ncw: cents(r.ncw),
    verliesvoorziening: cents(r.verliesvoorziening),
    poc: Number(r.poc.toFixed(10)),
    profitWithdrawal: cents(r.profitWithdrawal),
    resultAtNcw: cents(r.resultAtNcw),
    periods: r.periods.map((p) => ({
      label: p.label,
      costs: cents(p.costs),
      revenues: cents(p.revenues),
      ...Object.fromEntries(revenueSections().map((s) => [s.revenue!.cli, cents(p.sectionRevenues[s.kind]!)])),
      interest: cents(p.interest),
      balance: cents(p.balance),
    })),
    entries: SECTIONS.flatMap((s) => r.entries[s.kind]!.map(entry)),
  };
}

/** A file's JSON, or a Dutch message (thrown). */
function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`Het bestand ${file} kon niet worden gelezen als JSON: ${(err as Error).message}`);
  }
}

async function main(argv: string[]): Promise<number> {
  const args = argv.filter((a) => a !== '--');
  startHyperFormula((line) => console.error(line)); // stdout is the JSON
  const annual = annualCommand(args, readJson);
  if (annual) {
    if (annual.ok) console.log(JSON.stringify(annual.json, null, 2));
    else console.error(annual.message);
    return annual.ok ? 0 : 1;
  }
  const xi = args.indexOf('--xlsx');
  const out = xi >= 0 ? args[xi + 1] : undefined;
  const file = args.find((a, i) => !a.startsWith('--') && (xi < 0 || i !== xi + 1));
  if (!file || (xi >= 0 && !out)) {
    console.error(['Gebruik: npm run calc -- model.json [--xlsx uitvoer.xlsx]', ...ANNUAL_USAGE.map((u) => `   of: ${u}`)].join('\n'));
    return 1;
  }
  let data: unknown;
  try {
    data = readJson(file);
  } catch (err) {
    console.error((err as Error).message);
    return 1;
  }
  const checked = validateModelDataForSave(data);
  const built = checked.ok ? GrexEngine.create(checked.data) : checked;
  if (!built.ok) {
    console.error('Ongeldige modelgegevens:');
    for (const p of built.problems) console.error(`- ${p.path || '(model)'}: ${p.message}`);
    return 1;
  }
  console.log(JSON.stringify(cliOutput(built.engine.results), null, 2));
  if (out) {
    writeFileSync(out, await exportXlsx(built.engine));
    console.error(`Export geschreven naar ${out}`);
  }
  built.engine.destroy();
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
