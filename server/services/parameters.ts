import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ParameterRow, ParameterSaveBody, ParameterType } from '../../src/api/contract/parameters.ts';
import type { AppContext, UserRow } from '../context.ts';
import { model, parameterApplication, project, versionModel } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { assertStaff } from '../policies/admin.ts';
import { audit } from './audit.ts';

// Global parameters (spec 2 §2, §4, §5): the super-admin applies values to chosen models.

interface SetValue { phasing_period?: string | null; period_label: string; period_value: number }
interface ParamSet { set_name: string; set_group: string; set_base_value: number; set_values: SetValue[] }
type Base = Record<string, unknown> & { parameter_sets?: ParamSet[] };

const SET_OF: Partial<Record<ParameterType, { group: string; name: string }>> = {
  RentepercentageNegatiefSaldo: { group: 'Interest_Percentage', name: 'RentepercentageNegatiefSaldo' },
  RentepercentagePositiefSaldo: { group: 'Interest_Percentage', name: 'RentepercentagePositiefSaldo' },
  Kostenstijging: { group: 'Indexing_FutureIndex', name: 'Kostenstijging' },
  Opbrengstenstijging: { group: 'Indexing_FutureIndex', name: 'Opbrengstenstijging' },
};
const PERCENT_FIELD: Partial<Record<ParameterType, string>> = {
  RekenrenteContanteWaardeDisconteringsvoet: 'interest_discount_rate_percentage',
  BtwPercentage: 'vat_rate_percentage',
};
const DATE_FIELD: Partial<Record<ParameterType, string>> = {
  NcwDatum: 'phasing_net_present_value_date',
  Prijspeildatum: 'phasing_price_reference_date',
  StartdatumGrondexploitatieBoekwaardeVanaf: 'phasing_calculation_start_date',
  Eindwaardedatum: 'phasing_calculation_end_date',
};

/**
 * A fraction (0..1) written in the notation of the value it replaces. The engine reads a stored
 * percentage v as `v ≤ 1 ? v : v / 100`, so the model's ×100 notation ('2.0' = 2 %) is kept only when
 * the existing value is in that notation AND the result stays above 1 (else it would be misread as a
 * fraction); otherwise the fraction itself is stored. Either way the engine reads the intended value.
 */
export function inModelNotation(fraction: number, existing: unknown): number {
  const percentStyle = typeof existing === 'number' && existing > 1;
  const scaled = Math.round(fraction * 100 * 1e10) / 1e10;
  return percentStyle && scaled > 1 ? scaled : fraction;
}

const periodIndex = (p: string | null | undefined) => (p && p !== 'Uitgangspunt' ? Number(p.slice(3)) - 1 : -1);

/** Applies the rows to a model's base_parameters (a copy is returned). User-index types are recorded only. */
export function applyToBaseParameters(base: Base, rows: ParameterRow[]): Base {
  const next: Base = structuredClone(base);
  for (const r of rows) {
    const dateField = DATE_FIELD[r.parameter_type];
    if (dateField) {
      if (r.value_date) next[dateField] = r.value_date;
      continue;
    }
    if (r.value_float === null || r.value_float === undefined) continue;
    const field = PERCENT_FIELD[r.parameter_type];
    if (field) {
      if (!r.period_type || r.period_type === 'Uitgangspunt') next[field] = inModelNotation(r.value_float, next[field]);
      continue;
    }
    const target = SET_OF[r.parameter_type];
    if (!target) continue;
    next.parameter_sets ??= [];
    let set = next.parameter_sets.find((s) => s.set_group === target.group && s.set_name === target.name);
    if (!set) {
      const template = next.parameter_sets.find((s) => s.set_values.length > 0);
      set = {
        set_name: target.name, set_group: target.group, set_base_value: r.value_float,
        set_values: (template?.set_values ?? []).map((v) => ({ ...v, period_value: r.value_float as number })),
      };
      next.parameter_sets.push(set);
    }
    const i = periodIndex(r.period_type);
    if (i < 0) set.set_base_value = inModelNotation(r.value_float, set.set_base_value);
    else if (set.set_values[i]) set.set_values[i].period_value = inModelNotation(r.value_float, set.set_values[i].period_value);
  }
  return next;
}

export async function applyParameters(ctx: AppContext, actor: UserRow, body: ParameterSaveBody, ip: string) {
  assertStaff(actor);
  const ids = [...new Set(body.models)];
  const rows = await ctx.db.select({ id: model.id, platform: model.modelPlatform, data: model.modelData, name: model.name })
    .from(model).innerJoin(versionModel, eq(versionModel.id, model.versionId)).innerJoin(project, eq(project.id, versionModel.projectId))
    .where(and(inArray(model.id, ids), eq(project.clientId, actor.clientId)));
  if (rows.length !== ids.length) throw notFound();
  const applied: number[] = [];
  const recordedOnly: number[] = [];
  await ctx.db.transaction(async (tx) => {
    for (const m of rows) {
      const data = m.data as { base_parameters?: Base } | null;
      if (m.platform !== 'online' || !data?.base_parameters) {
        recordedOnly.push(m.id);
        continue;
      }
      const next = { ...data, base_parameters: applyToBaseParameters(data.base_parameters, body.parameters) };
      await tx.update(model).set({
        modelData: next, dataVersion: sql`${model.dataVersion} + 1`, timestampLastModified: ctx.config.now(), lastModifiedBy: actor.id,
      }).where(eq(model.id, m.id));
      applied.push(m.id);
    }
    await tx.insert(parameterApplication).values({ clientId: actor.clientId, userId: actor.id, parameters: body.parameters, modelIds: ids });
    await audit(tx, {
      clientId: actor.clientId, user: actor, ip,
      description: `Globale parameters doorgevoerd in ${ids.length} rekenmodel(len): ${rows.map((r) => `'${r.name}'`).join(', ')}`,
    });
  });
  applied.sort((a, b) => a - b);
  recordedOnly.sort((a, b) => a - b);
  return { message: 'Parameters succesvol opgeslagen.', applied, recorded_only: recordedOnly };
}
