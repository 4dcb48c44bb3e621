// Names of the parameter-set groups and of the sets the engine relies on (calculation.md §2).
export const PRICE_LEVEL_GROUP = 'Indexing_PriceLevelCorrectionToNCWDate';
export const FUTURE_INDEX_GROUP = 'Indexing_FutureIndex';
export const INTEREST_GROUP = 'Interest_Percentage';
export const DEFAULT_COST_INDEX = 'Kostenstijging';
export const DEFAULT_REVENUE_INDEX = 'Opbrengstenstijging';
export const DEFAULT_PRICE_INDEX = 'CPI';
export const DEBIT_SET = 'RentepercentageNegatiefSaldo';
export const CREDIT_SET = 'RentepercentagePositiefSaldo';
