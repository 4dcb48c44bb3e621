// HyperFormula's settings for every workbook we build (the engine's, a saved spreadsheet model that is
// recalculated, the template's check, the cell-formula check). Its own module so that those can import it
// without importing the engine, and the engine's helpers without a circle back to it.
import type { ConfigParams } from 'hyperformula';

export const HF_CONFIG = { licenseKey: 'gpl-v3', useArrayArithmetic: false, smartRounding: false } as const satisfies Partial<ConfigParams>;
