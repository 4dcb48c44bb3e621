import { categoryKind, phaseKind, subregionKind, typeProjectKind } from './kinds.ts';
import { ReferenceListScreen } from './ReferenceListScreen.tsx';

// The four configuration lists: one component, configured per kind.
export const SubregionsScreen = () => <ReferenceListScreen kind={subregionKind} />;
export const TypeProjectScreen = () => <ReferenceListScreen kind={typeProjectKind} />;
export const PhaseDefinitionsScreen = () => <ReferenceListScreen kind={phaseKind} />;
export const FileCategoriesScreen = () => <ReferenceListScreen kind={categoryKind} />;
