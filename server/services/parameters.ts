import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ParameterRow, ParameterSaveAnswer, ParameterSaveBody } from '../../src/api/contract/parameters.ts';
import { applyGlobalParameters } from '../../src/formulas/globalParameters.ts';
import type { AppContext, UserRow } from '../context.ts';
import type { DbOrTx } from '../db/index.ts';
import { model, parameterApplication, project, versionModel } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { assertStaff } from '../policies/admin.ts';
import { command } from './command.ts';
import { resultsChanged } from './modelResults.ts';

// Global parameters (spec 2 §2, §4, §5): the super-admin applies values to chosen models. What the
// values do to a model's data is src/formulas/globalParameters.ts; this file reads and writes rows.

export async function applyParameters(ctx: AppContext, actor: UserRow, body: ParameterSaveBody, ip: string): Promise<ParameterSaveAnswer> {
  assertStaff(actor);
  const ids = [...new Set(body.models)];
  const applied: number[] = [];
  const recordedOnly: number[] = [];
  const refused: ParameterSaveAnswer['refused'] = [];
  await command(ctx, { user: actor, ip }, async ({ tx, now, audit, jobs }) => {
    // Read and locked in the transaction that writes them: a save in the tool waits, or comes first.
    const rows = await tx.select({ id: model.id, platform: model.modelPlatform, data: model.modelData, name: model.name })
      .from(model).innerJoin(versionModel, eq(versionModel.id, model.versionId)).innerJoin(project, eq(project.id, versionModel.projectId))
      .where(and(inArray(model.id, ids), eq(project.clientId, actor.clientId))).for('update', { of: model });
    if (rows.length !== ids.length) throw notFound();
    for (const m of rows) {
      if (m.platform !== 'online' || m.data == null) {
        recordedOnly.push(m.id);
        continue;
      }
      const next = applyGlobalParameters(m.data, body.parameters);
      if (!next.ok) {
        refused.push({ model: m.id, name: m.name, problems: next.problems.map((p) => p.message) });
        continue;
      }
      await tx.update(model).set({
        modelData: next.data, dataVersion: sql`${model.dataVersion} + 1`, timestampLastModified: now, lastModifiedBy: actor.id,
      }).where(eq(model.id, m.id));
      applied.push(m.id);
    }
    await resultsChanged({ tx, jobs }, applied);
    await tx.insert(parameterApplication).values({ clientId: actor.clientId, userId: actor.id, parameters: body.parameters, modelIds: ids, createdAt: now });
    await audit(`Globale parameters doorgevoerd in ${ids.length} rekenmodel(len): ${rows.map((r) => `'${r.name}'`).join(', ')}`);
  });
  applied.sort((a, b) => a - b);
  recordedOnly.sort((a, b) => a - b);
  refused.sort((a, b) => a.model - b.model);
  return { message: 'Parameters succesvol opgeslagen.', applied, recorded_only: recordedOnly, refused };
}

/**
 * The global parameters that apply to a spreadsheet model now (what opening it writes into its workbook):
 * per parameter key (type, row, period, year) the value of the latest application that chose the model.
 * Keys no application set are absent: the workbook keeps its own values there.
 */
export async function currentParameters(db: DbOrTx, clientId: number, modelId: number): Promise<ParameterRow[]> {
  const { rows } = await db.execute<{ row: ParameterRow }>(sql`
    SELECT DISTINCT ON (r->>'parameter_type', r->>'row_index', r->>'period_type', r->>'year') r AS row
    FROM parameter_application pa CROSS JOIN LATERAL jsonb_array_elements(pa.parameters) r
    WHERE pa.client_id = ${clientId} AND pa.model_ids @> ${JSON.stringify([modelId])}::jsonb
    ORDER BY r->>'parameter_type', r->>'row_index', r->>'period_type', r->>'year', pa.created_at DESC, pa.id DESC`);
  return rows.map((r) => r.row);
}
