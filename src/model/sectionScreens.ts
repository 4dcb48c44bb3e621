// The tool's screen of each built-in section, in the sections' order: the spec's screen name, the word of its
// address, the menu's icon (Blueprint) and whether its Raming has a sub-tab per estimate method. Each
// descriptor (sections/) takes its own from here; they are apart because the sign-in bundle maps every
// address to its screen (src/app/routes.ts, src/workbench/area.ts) and so reads them without the descriptors
// and what those import (22 kB gzip more). This file imports nothing; sections.test.ts checks it against them.
export const SECTION_SCREENS = [
  { kind: 'cost', name: 'GrexOnline_CostEstimate', slug: 'kostenraming', icon: 'euro', subTabs: false },
  { kind: 'residential', name: 'GrexOnline_ResidentialConstruction', slug: 'woningbouw', icon: 'home', subTabs: true },
  { kind: 'non_residential', name: 'GrexOnline_NonResidentialConstruction', slug: 'niet-woningbouw', icon: 'office', subTabs: true },
  { kind: 'other_revenue', name: 'GrexOnline_OtherRevenues', slug: 'overige-opbrengsten', icon: 'bank-account', subTabs: false },
] as const;

export type SectionScreen = (typeof SECTION_SCREENS)[number];
/** The screen of a section (its descriptor's `screen`). */
export const sectionScreen = (kind: SectionScreen['kind']): SectionScreen => SECTION_SCREENS.find((s) => s.kind === kind)!;
