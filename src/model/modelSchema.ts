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

/** The schema as the sections defined when the contract loads make it (the wire's load and save bodies). */
export const ModelData = modelDataSchema();
