// The annual cycle's options of `npm run calc` (calculation.md §8.5, §9): `--rollover <jaar> model.json` prints
// the rolled-over model with its notes, `--variance a.json b.json` the verschillenanalyse. Kept here so the
// CLI itself stays the plain computation of one model.
import type { ModelData } from '../../model/modelData.ts';
import { rolloverModel, rolloverProblem } from './rollover.ts';
import { variance, varianceProblem } from './variance.ts';

export const ANNUAL_USAGE = ['npm run calc -- --rollover <jaar> model.json', 'npm run calc -- --variance a.json b.json'];

/** What the CLI prints and returns: JSON on stdout, or the Dutch reason on stderr. */
type Outcome = { ok: true; json: unknown } | { ok: false; message: string };

/** The outcome of an annual option, or null when the arguments name none. `read` gives a file's JSON or throws a Dutch message. */
export function annualCommand(args: string[], read: (file: string) => unknown): Outcome | null {
  const ri = args.indexOf('--rollover');
  const vi = args.indexOf('--variance');
  if (ri < 0 && vi < 0) return null;
  const files = args.filter((a, i) => !a.startsWith('--') && !(ri >= 0 && i === ri + 1));
  try {
    if (ri >= 0) {
      const year = Number(args[ri + 1]);
      if (files.length !== 1 || !/^\d{4}$/.test(args[ri + 1] ?? '')) return { ok: false, message: `Gebruik: ${ANNUAL_USAGE[0]}` };
      const model = read(files[0]!) as ModelData;
      const problem = rolloverProblem(model, year);
      return problem ? { ok: false, message: problem } : { ok: true, json: rolloverModel(model, year) };
    }
    if (files.length !== 2) return { ok: false, message: `Gebruik: ${ANNUAL_USAGE[1]}` };
    const [a, b] = files.map((f) => read(f) as ModelData) as [ModelData, ModelData];
    const problem = varianceProblem(a, b);
    return problem ? { ok: false, message: problem } : { ok: true, json: variance(a, b) };
  } catch (err) {
    return { ok: false, message: (err as Error).message };
  }
}
