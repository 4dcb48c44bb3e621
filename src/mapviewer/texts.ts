import type { SpaceUsageLocation } from '../model/modelData.ts';
import { SPACE_USAGE_LOCATIONS } from '../model/modelData.ts';
import { LOCATION_TITLES } from '../formulas/workbookLayout.ts';

// The viewer's own Dutch texts. Geometry problems are the server's (MAP_MESSAGES through src/lib/geo.ts),
// so a user sees while drawing what saving would refuse.

export const VIEWER_TEXTS = {
  featureWithoutName: 'Geef elk functiegebied een naam.',
  featureWithoutFunction: 'Kies voor elk functiegebied een functie.',
  featuresTitle: 'Functiegebieden',
  noFeatures: 'Teken een gebied met de veelhoek-knop links.',
  name: 'Naam',
  function: 'Functie',
  chooseFunction: '— kies een functie —',
  legend: 'Legenda',
  waiting: 'Kaart wordt geladen…',
} as const;

/** The function choices of a feature area, in the model contract's order, with the workbook's labels. */
export const FUNCTION_OPTIONS: { value: SpaceUsageLocation; label: string }[] =
  SPACE_USAGE_LOCATIONS.map((value) => ({ value, label: LOCATION_TITLES[value] }));

/** A fixed colour per function, so a feature area's function is visible on the map. */
export const FUNCTION_COLORS: Record<SpaceUsageLocation, string> = {
  excluded_or_to_be_maintained: '#8a8a8a',
  main_structure_paving: '#5c4b3b',
  main_structure_green: '#2e7d32',
  main_structure_water: '#1565c0',
  public_space_paving: '#a1887f',
  public_space_green: '#7cb342',
  public_space_water: '#4fc3f7',
  net_area_marketable_residential: '#e53935',
  net_area_marketable_non_residential: '#8e24aa',
};
