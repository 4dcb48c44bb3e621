import { describe, expect, it } from 'vitest';
import { camelize, snakify } from './case.ts';

describe('case conversion at the wire boundary', () => {
  it('turns snake_case keys into camelCase deeply, values untouched', () => {
    expect(camelize({ first_name: 'a', log_rows: [{ user_name_full: 'b', ip_address: 'x_y' }], n: null }))
      .toEqual({ firstName: 'a', logRows: [{ userNameFull: 'b', ipAddress: 'x_y' }], n: null });
  });
  it('turns camelCase keys into snake_case deeply', () => {
    expect(snakify({ typeProject: 3, roles: [{ nameFull: 'A' }], mfaCode: '123456' }))
      .toEqual({ type_project: 3, roles: [{ name_full: 'A' }], mfa_code: '123456' });
  });
  it('round-trips', () => {
    const wire = { phasing_net_present_value_date: '2024-01-01', set_values: [{ period_label: '2024' }] };
    expect(snakify(camelize(wire))).toEqual(wire);
  });
});
