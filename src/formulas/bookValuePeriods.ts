import type { ModelData, PeriodCode } from '../model/modelData.ts';
import { formatDutchDate } from '../lib/dutchNumber.ts';
import { serialToIso, toSerial } from './dates.ts';
import { generatePeriods, periodIndex } from './periods.ts';

/**
 * A book value is an amount already realised at the NCW date, so it belongs to a period that starts no
 * later than that date (spec 3 §5, the Boekwaarde tab's date check). The Dutch message when `period`
 * starts later, else null.
 */
export function bookedAfterNcw(model: ModelData, period: PeriodCode): string | null {
  const bp = model.base_parameters;
  const k = periodIndex(period);
  const p = k ? generatePeriods(bp.phasing_calculation_start_date, bp.phasing_calculation_end_date, bp.phasing_period, k)[k - 1] : undefined;
  if (!p || p.startSerial <= toSerial(bp.phasing_net_present_value_date)) return null;
  const ncw = formatDutchDate(bp.phasing_net_present_value_date);
  return `De startdatum van periode ${p.label} (${formatDutchDate(serialToIso(p.startSerial))}) ligt na de NCW-datum (${ncw}); boek alleen in perioden tot en met die van de NCW-datum.`;
}
