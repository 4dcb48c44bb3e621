// The model data's schema put together: the base parameters, then each section's list in the sections'
// order (sections.ts), with the entry schema modelData.ts has for it (ENTRY_LISTS) or, for a section defined
// elsewhere, the one its descriptor brings. Built again when a section is added.
import { z } from 'zod';
import { BaseParameters, ENTRY_LISTS, type ModelDataObject } from './modelData.ts';
import { SECTIONS, perSections } from './sections.ts';

export const modelDataSchema = perSections((): ModelDataObject => {
  const lists = Object.fromEntries(SECTIONS.map((s) => {
    const schema = s.listSchema ?? (ENTRY_LISTS as Record<string, z.ZodType>)[s.list];
    if (!schema) throw new Error(`Sectie ${s.kind} heeft geen schema voor de lijst ${s.list}`);
    return [s.list, schema];
  }));
  return z.object({ base_parameters: BaseParameters, ...lists }) as unknown as ModelDataObject;
});

/** Every list a model must have, empty (a new model's; the lists that may be absent are left out). */
export function emptyLists(): Record<string, []> {
  const shape = modelDataSchema().shape as Record<string, z.ZodType>;
  return Object.fromEntries(SECTIONS.filter((s) => !shape[s.list]!.safeParse(undefined).success).map((s) => [s.list, []]));
}

/** The schema as the sections defined when the contract loads make it (the wire's load and save bodies). */
export const ModelData = modelDataSchema();
