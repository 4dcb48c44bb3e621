import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { defaultModelData } from './modelDefaults.ts';
import { validateModelData } from './validate.ts';

describe('default model data of a new online model', () => {
  it('passes the engine validation', () => {
    const r = validateModelData(defaultModelData({ projectName: 'Plan', versionName: 'Versie 1', modelName: 'Model' }));
    expect(r.ok ? [] : r.problems).toEqual([]);
  });

  const examplePath = new URL('./examples/worked-example.model.json', import.meta.url);
  it.skipIf(!existsSync(examplePath))('has the shape of the worked example (same keys at every level of base_parameters)', () => {
    const example = JSON.parse(readFileSync(examplePath, 'utf8'));
    const d = defaultModelData();
    expect(Object.keys(d).sort()).toEqual(Object.keys(example).sort());
    expect(Object.keys(d.base_parameters).sort()).toEqual(Object.keys(example.base_parameters).sort());
    expect(Object.keys(d.base_parameters.project_info).sort()).toEqual(Object.keys(example.base_parameters.project_info).sort());
    expect(d.base_parameters.parameter_sets.map((s) => [s.set_name, s.set_group]))
      .toEqual(example.base_parameters.parameter_sets.map((s: { set_name: string; set_group: string }) => [s.set_name, s.set_group]));
  });
});
