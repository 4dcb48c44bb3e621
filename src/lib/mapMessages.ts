// The Dutch words for a map area's problems: the contract's 400 answers, the server's geometry check
// (src/lib/geo.ts) and the map viewer's own check before saving say the same.

export const MAP_MESSAGES = {
  /** The contract's 400 of a geometry that is no GeoJSON polygon or multipolygon. */
  notAnArea: 'Ongeldige GeoJSON: een gebied is een Polygon of MultiPolygon met randen van punten [lengtegraad, breedtegraad].',
  openRing: 'Een rand van het gebied is niet gesloten: het eerste en het laatste punt moeten gelijk zijn.',
  fewPositions: 'Een rand van het gebied heeft te weinig punten: een vlak heeft minstens drie hoekpunten.',
  manyCoordinates: 'Een punt van het gebied heeft te veel coördinaten: hoogstens drie (lengtegraad, breedtegraad en eventueel hoogte).',
  selfIntersection: 'Het gebied snijdt zichzelf: randen van het gebied mogen elkaar niet kruisen of raken.',
  emptyArea: 'Het gebied heeft geen oppervlakte.',
  tooManyVertices: (n: number, max: number) =>
    `Het gebied heeft te veel hoekpunten (${n.toLocaleString('nl-NL')}); het maximum is ${max.toLocaleString('nl-NL')}.`,
  /** A feature area's problem, with its name in front. */
  inFeature: (name: string, message: string) => `Functiegebied '${name}': ${message}`,
  featureNameForbidden: 'De naam van een functiegebied mag de tekens < > : " / ? * | niet bevatten.',
  loadFailed: 'Fout bij het laden van de kaartgegevens.',
} as const;
