// Issue 12: "The shipped template opened by LibreOffice headless after the job: the global-parameter cells
// hold the values the admin set, and its result cells equal what src/formulas reads" — through the real
// path: staff applies global parameters (POST parameter/), the modeller opens the model (open/, the task
// poll, /files/), and LibreOffice headless recalculates what arrived. One soffice call for both models:
// the shipped template as a new model starts (its results are all 0), and the same template as a modeller
// filled it in and saved it back into the history (so the results have numbers the parameters move).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createTenant, type Tenant } from '../../test/server/fixtures.ts';
import { multipart, rolesAsGlobal, seedTree } from '../../test/server/projectFixtures.ts';
import { ensureTemplateModels, shippedTemplate } from '../seed/templates.ts';
import type { UserRow } from '../context.ts';
import type { ParameterRow } from '../../src/api/contract/parameters.ts';
import { toSerial } from '../../src/formulas/dates.ts';
import { applyGlobalParameters } from '../../src/formulas/globalParameters.ts';
import { INPUT_SHEET, buildModelTemplate } from '../../src/formulas/modelTemplate.ts';
import { readWorkbookResults, type WorkbookResults } from '../../src/formulas/savedWorkbook.ts';
import { ensureProgram } from '../../scripts/ensure.ts';
import { readXlsxValues, recalcWithLibreOffice } from '../../test/formulas/libreoffice.ts';
import { CHANGED, engineResults, expectSameResults, workedTemplateModel } from '../../test/formulas/spreadsheetModel.ts';
import { a1 } from '../../src/formulas/workbookRefs.ts';
import { openXlsx } from '../../src/formulas/xlsxPackage.ts';

const M = '/api/manager';
/** The admin's values: rates (a period value too), VAT, discount rate, cost and revenue increases, the NCW date. */
const PARAMETERS: ParameterRow[] = CHANGED;
const KINDS = ['shipped', 'filled'] as const;
type Kind = (typeof KINDS)[number];

let t: TestApp;
let a: Tenant;
const dir = mkdtempSync(join(tmpdir(), 'grondslag-open-lo-'));
/** Per model: the workbook the file path served, LibreOffice's recalculated copy, and the results before the open. */
const files = {} as Record<Kind, { served: Buffer; libreOffice: Buffer; before: WorkbookResults }>;

async function call(user: UserRow, method: 'GET' | 'POST', url: string, body?: { payload: InjectOptions['payload']; headers?: Record<string, string> }) {
  return t.app.inject({ method, url, headers: { ...body?.headers, ...(await bearer(t.app, user)) }, payload: body?.payload });
}

/** The modeller's open as the browser does it: ask, poll until the job is no longer running, fetch the file. */
async function openAndFetch(user: UserRow, modelId: number): Promise<Buffer> {
  const asked = await call(user, 'GET', `${M}/model/${modelId}/open/`);
  expect(asked.statusCode, asked.body).toBe(200);
  let ready;
  do {
    await new Promise((r) => setTimeout(r, 20));
    ready = await call(user, 'GET', `${M}/open-model-task/${asked.json().open_model_task}/`);
  } while (ready.statusCode === 202);
  expect(ready.statusCode, ready.body).toBe(200);
  const { uuid, filename_orig } = ready.json() as { uuid: string; filename_orig: string };
  const file = await call(user, 'GET', `/files/${uuid}/${encodeURIComponent(filename_orig)}`);
  expect(file.statusCode).toBe(200);
  return file.rawPayload;
}

beforeAll(async () => {
  ensureProgram('soffice');
  t = await createTestApp();
  a = await createTenant(t.db, 'lo');
  await ensureTemplateModels(t.db, t.clock.now()); // the tenant's template row gets the shipped workbook, as at a start
  const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
  const filled = Buffer.from(await buildModelTemplate(workedTemplateModel()));
  const ids = {} as Record<Kind, number>;
  const before = {} as Record<Kind, WorkbookResults>;
  for (const kind of KINDS) {
    const created = await call(a.usr, 'POST', `${M}/model/`, { payload: { version: tree.versionId, name: `Excel ${kind}`, type_model: a.templateModelId } });
    expect(created.statusCode, created.body).toBe(201);
    ids[kind] = created.json().id;
    before[kind] = await readWorkbookResults(kind === 'shipped' ? await shippedTemplate() : filled);
  }
  // What a save from Excel brings back: the filled-in template, as the active history entry (here staff's upload).
  const upload = multipart({}, { filename: 'Grondexploitatie standaard.xlsx', data: filled });
  const uploaded = await call(a.staff, 'POST', `${M}/model/${ids.filled}/saved-model/`, upload);
  expect(uploaded.statusCode, uploaded.body).toBe(201);

  const applied = await call(a.staff, 'POST', `${M}/parameter/`, { payload: { parameters: PARAMETERS, models: KINDS.map((k) => ids[k]) } });
  expect(applied.statusCode, applied.body).toBe(200);

  const served = {} as Record<Kind, Buffer>;
  for (const kind of KINDS) {
    served[kind] = await openAndFetch(a.usr, ids[kind]);
    writeFileSync(join(dir, `${kind}.xlsx`), served[kind]);
  }
  const outs = recalcWithLibreOffice(KINDS.map((k) => join(dir, `${k}.xlsx`)), join(dir, 'recalc'));
  KINDS.forEach((kind, i) => {
    files[kind] = { served: served[kind], libreOffice: readFileSync(outs[i]!), before: before[kind] };
  });
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

describe('a spreadsheet model opened after the admin applied global parameters, recalculated by LibreOffice', () => {
  for (const kind of KINDS) {
    it(`${kind}: the named Invoer cells hold the admin's values`, async () => {
      const file = join(dir, 'recalc', `${kind}.xlsx`);
      const pkg = await openXlsx(files[kind].libreOffice);
      const invoer = (await readXlsxValues(file)).get(INPUT_SHEET)!;
      const cellOf = (row: ParameterRow) => {
        const range = pkg.names.get(row.parameter_type.toLowerCase());
        expect(range?.sheet, row.parameter_type).toBe(INPUT_SHEET);
        const period = row.period_type && row.period_type !== 'Uitgangspunt' ? Number(row.period_type.slice(3)) : 0;
        return invoer.get(a1(range!.c1 + period, range!.r1 + (row.row_index ?? 0)));
      };
      for (const row of PARAMETERS) {
        expect(cellOf(row), `${row.parameter_type} ${row.period_type ?? ''}`).toBe(row.value_date ? toSerial(row.value_date) : row.value_float);
      }
    });

    it(`${kind}: LibreOffice's results are what readWorkbookResults reads from the served file`, async () => {
      const ours = await readWorkbookResults(files[kind].served);
      expect(ours.recalculated).toBe(true); // the job removed the saved values: HyperFormula computed them
      const lo = await readWorkbookResults(files[kind].libreOffice);
      expect(lo.recalculated).toBe(false); // LibreOffice's saved values
      expectSameResults(lo, ours);
    });
  }

  it('the filled-in model’s results follow the parameters: the engine’s answer for them, not the saved one', async () => {
    const applied = applyGlobalParameters(workedTemplateModel(), PARAMETERS);
    if (!applied.ok) throw new Error(JSON.stringify(applied.problems));
    const lo = await readWorkbookResults(files.filled.libreOffice);
    expectSameResults(lo, engineResults(applied.data));
    expect(Math.abs(lo.ew - files.filled.before.ew)).toBeGreaterThan(100);
    // the template as shipped has no entries: every result is 0 before and after
    expect(files.shipped.before.ew).toBe(0);
  });
});
