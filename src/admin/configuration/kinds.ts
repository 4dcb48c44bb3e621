import { configurationApi } from '../../api/configuration.ts';
import { DUPLICATE_REFERENCE_MESSAGE } from '../../api/contract/messages.ts';

/** One entry of a reference-data list, whatever its wire shape. */
export interface ReferenceRow {
  id: number;
  name: string;
  /** 'Onbepaald' and 'Ongecategoriseerd': cannot be renamed or deleted. */
  protected: boolean;
  /** Subregions: address of the outline map (the edit-map icon does nothing without one). */
  outlineUri?: string | null;
}

/** What differs between the four reference-data screens (spec 2 §2, §4, §8). */
export interface ReferenceKind {
  title: string;
  /** Singular, as in the toasts: 'Deelgebied succesvol toegevoegd.' */
  label: string;
  addText: string;
  newLabel: string;
  duplicate: string;
  deleteError: string;
  loadError: string;
  /** The warning of the force pop-up after a 423; null when the kind is never answered 423. */
  forceWarning: string | null;
  hasMap?: boolean;
  load(): Promise<ReferenceRow[]>;
  create(name: string): Promise<unknown>;
  rename(id: number, name: string): Promise<unknown>;
  remove(id: number, force: boolean): Promise<unknown>;
  /** Lists the administrator orders (Fasedefinities): store the new order, answer the list in it. */
  reorder?(ids: number[]): Promise<ReferenceRow[]>;
}

export const subregionKind: ReferenceKind = {
  title: 'Deelgebieden',
  label: 'Deelgebied',
  addText: 'Deelgebied toevoegen',
  newLabel: 'Nieuw deelgebied',
  duplicate: DUPLICATE_REFERENCE_MESSAGE.subregion,
  deleteError: 'Fout bij het verwijderen van deelgebied.',
  loadError: 'Fout bij het laden van de deelgebieden.',
  forceWarning: 'Let op: de projecten van dit deelgebied worden ook verwijderd.',
  hasMap: true,
  load: async () => (await configurationApi.subregions()).map((r) => ({ id: r.id, name: r.description, protected: false, outlineUri: r.outlineUri })),
  create: (name) => configurationApi.createSubregion(name),
  rename: (id, name) => configurationApi.renameSubregion(id, name),
  remove: (id, force) => configurationApi.deleteSubregion(id, force),
};

export const typeProjectKind: ReferenceKind = {
  title: 'Projecttypen',
  label: 'Projecttype',
  addText: 'Projecttype toevoegen',
  newLabel: 'Nieuw projecttype',
  duplicate: DUPLICATE_REFERENCE_MESSAGE.typeProject,
  deleteError: 'Fout bij het verwijderen van projecttype.',
  loadError: 'Fout bij het laden van de projecttypen.',
  forceWarning: 'Let op: projecten met dit projecttype krijgen het projecttype Onbepaald.',
  load: async () => (await configurationApi.typeProjects()).map((r) => ({ id: r.id, name: r.description, protected: r.isDefault })),
  create: (name) => configurationApi.createTypeProject(name),
  rename: (id, name) => configurationApi.renameTypeProject(id, name),
  remove: (id, force) => configurationApi.deleteTypeProject(id, force),
};

export const phaseKind: ReferenceKind = {
  title: 'Fasedefinities',
  label: 'Fasedefinitie',
  addText: 'Fasedefinitie toevoegen',
  newLabel: 'Nieuwe fasedefinitie',
  duplicate: DUPLICATE_REFERENCE_MESSAGE.phase,
  deleteError: 'Fout bij het verwijderen van fasedefinitie',
  loadError: 'Fout bij het laden van de fasedefinities.',
  forceWarning: 'Let op: versies met deze fasedefinitie krijgen geen fase meer.',
  load: async () => (await configurationApi.phases()).map((r) => ({ id: r.id, name: r.description, protected: false })),
  create: (name) => configurationApi.createPhase(name),
  rename: (id, name) => configurationApi.renamePhase(id, name),
  remove: (id, force) => configurationApi.deletePhase(id, force),
  reorder: async (ids) => (await configurationApi.orderPhases(ids)).map((r) => ({ id: r.id, name: r.description, protected: false })),
};

export const categoryKind: ReferenceKind = {
  title: 'Bijlagecategorieën',
  label: 'Bijlagecategorie',
  addText: 'Bijlagecategorie toevoegen',
  newLabel: 'Nieuwe bijlagecategorie',
  duplicate: DUPLICATE_REFERENCE_MESSAGE.category,
  deleteError: 'Fout bij het verwijderen van bestandscategorie',
  loadError: 'Fout bij het laden van de bijlagecategorieën.',
  forceWarning: 'Let op: de bijlagen in deze categorie gaan naar Ongecategoriseerd.',
  load: async () => (await configurationApi.categories()).map((r) => ({ id: r.id, name: r.name, protected: r.isDefault })),
  create: (name) => configurationApi.createCategory(name),
  rename: (id, name) => configurationApi.renameCategory(id, name),
  remove: (id, force) => configurationApi.deleteCategory(id, force),
};
