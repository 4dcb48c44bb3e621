import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ModelData } from '../model/modelData.ts';
import { bookedAfterNcw } from './bookValuePeriods.ts';

// Annual periods 2024–2027, NCW date 01-01-2024.
const worked = (): ModelData => JSON.parse(readFileSync(new URL('./examples/worked-example.model.json', import.meta.url), 'utf8')) as ModelData;

describe('a book value belongs to a period that starts no later than the NCW date', () => {
  it('accepts the period of the NCW date and the ones before it', () => {
    const m = worked();
    expect(bookedAfterNcw(m, 'PER_01')).toBeNull();
    m.base_parameters.phasing_net_present_value_date = '2025-06-30';
    expect(bookedAfterNcw(m, 'PER_01')).toBeNull();
    expect(bookedAfterNcw(m, 'PER_02')).toBeNull();
  });

  it('refuses a later period with a message naming the period and both dates', () => {
    expect(bookedAfterNcw(worked(), 'PER_02')).toBe(
      'De startdatum van periode 2025 (01-01-2025) ligt na de NCW-datum (01-01-2024); boek alleen in perioden tot en met die van de NCW-datum.',
    );
    const m = worked();
    m.base_parameters.phasing_period = 'Quarterly';
    m.base_parameters.phasing_net_present_value_date = '2024-05-15';
    expect(bookedAfterNcw(m, 'PER_02')).toBeNull();
    expect(bookedAfterNcw(m, 'PER_03')).toMatch(/^De startdatum van periode 2024 Q3 \(01-07-2024\) ligt na de NCW-datum \(15-05-2024\)/);
  });
});
