import type { CurrentUser } from '../api/auth.ts';
import type { Screen, ScreenParams } from './screenNames.ts';
import { SECTION_SCREENS } from '../model/sectionScreens.ts';

/**
 * The one two-way mapping between a screen (the spec's internal state) with its parameters and the
 * address in the browser's bar: every screen has a Dutch path, so a reload, a bookmark or a shared link
 * opens the same screen. Id parameters are path segments of digits; a tab is a Dutch word that stands for
 * the screen's own tab id; lists (NewBiLink's models) go in the query.
 */

/** Dutch path words for the tabs of the online tool (the internal ids are the components' own). */
const BASE_TABS = {
  project: 'projectgegevens', phasing: 'fasering', interest: 'rente', indexing: 'indexering', space: 'ruimtegebruik', other: 'overig',
};
const ENTRY_TABS = { overview: 'overzicht', estimate: 'raming', indexing: 'indexering', phasing: 'fasering', bookvalue: 'boekwaarde' };
/** The Raming sub-tabs of Woningbouw and Niet-Woningbouw (src/workbench/sheets.ts, methodSections). */
const METHOD_SECTIONS = {
  general: 'algemeen', landShare: 'grondquote', plotPrice: 'kavelprijs', residual: 'residueel', pricePerM2: 'prijs-per-m2', revenue: 'grondopbrengst',
};

/** A capability flag the server sends; a screen that needs one is 'Niet gevonden' for whom lacks it. */
type Capability = { [K in keyof CurrentUser]: K extends `can${string}` ? K : never }[keyof CurrentUser];

interface Route {
  screen: Screen;
  /** `/words/:idParam/:slugParam?` — `:name` is a positive integer, unless `slugs` names its words. */
  path: string;
  slugs?: Record<string, Record<string, string>>;
  /** Parameter → query key. */
  query?: Record<string, string>;
  needs?: Capability[];
}

const ROUTES: Route[] = [
  { screen: 'Projects', path: '/projecten' },
  { screen: 'Projects_NewProject', path: '/projecten/nieuw', needs: ['canCreateProject'] },
  { screen: 'Projects_ProjectInfo', path: '/projecten/:projectId' },
  { screen: 'Projects_NewVersionModel', path: '/projecten/:projectId/versies/nieuw' },
  { screen: 'Projects_VersionModelInfo', path: '/versies/:versionId' },
  { screen: 'Projects_VersionModelInfo_NewAttachment', path: '/versies/:versionId/bijlagen/nieuw' },
  { screen: 'MapViewer_VersionRegion', path: '/versies/:versionId/gebied' },
  { screen: 'MapViewer_Feature', path: '/versies/:versionId/functiegebieden' },
  { screen: 'Projects_NewModel', path: '/versies/:versionId/rekenmodellen/nieuw' },
  { screen: 'Projects_ModelInfo', path: '/rekenmodellen/:modelId' },
  { screen: 'Projects_ModelVariance', path: '/rekenmodellen/:modelId/verschillenanalyse', query: { against: 'vergelijk' } },
  { screen: 'GrexOnline_Overview', path: '/rekenmodellen/:modelId/overzicht' },
  { screen: 'GrexOnline_BaseParameters', path: '/rekenmodellen/:modelId/uitgangspunten/:tab?', slugs: { tab: BASE_TABS } },
  // each section's screen: its word, its tab and (with estimate methods) Raming's sub-tab
  ...SECTION_SCREENS.map((s): Route => s.subTabs
    ? { screen: s.name, path: `/rekenmodellen/:modelId/${s.slug}/:tab?/:section?`, slugs: { tab: ENTRY_TABS, section: METHOD_SECTIONS } }
    : { screen: s.name, path: `/rekenmodellen/:modelId/${s.slug}/:tab?`, slugs: { tab: ENTRY_TABS } }),
  { screen: 'MapViewer_Overview', path: '/kaart' },
  { screen: 'Reports', path: '/rapportages' },
  { screen: 'BiLinks', path: '/rapportages/bi-links' },
  { screen: 'NewBiLink', path: '/rapportages/bi-links/nieuw', query: { models: 'rekenmodellen' } },
  { screen: 'Logs', path: '/logs', needs: ['canReadLogs'] },
  { screen: 'Documentation', path: '/documentatie' },
  { screen: 'User', path: '/instellingen' },
  { screen: 'SetupMfa', path: '/instellingen/mfa' },
  { screen: 'UserList', path: '/gebruikers', needs: ['canManageUsers'] },
  { screen: 'CreateUser', path: '/gebruikers/nieuw', needs: ['canManageUsers'] },
  { screen: 'EditUser', path: '/gebruikers/:id', needs: ['canManageUsers'] },
  { screen: 'ResetPasswordUser', path: '/gebruikers/:id/wachtwoord-resetten', needs: ['canManageUsers'] },
  { screen: 'Configuration_ClientRegion', path: '/configuratie/klantgebied', needs: ['canConfigure'] },
  { screen: 'MapViewer_Client', path: '/configuratie/klantgebied/kaart', needs: ['canConfigure'] },
  { screen: 'Configuration_Subregions', path: '/configuratie/deelgebieden', needs: ['canConfigure'] },
  { screen: 'MapViewer_Subregion', path: '/configuratie/deelgebieden/:id/kaart', needs: ['canConfigure'] },
  { screen: 'Configuration_PhaseDefinitions', path: '/configuratie/fasedefinities', needs: ['canConfigure'] },
  { screen: 'Configuration_FileCategories', path: '/configuratie/bijlagecategorieen', needs: ['canConfigure'] },
  { screen: 'Configuration_TypeProject', path: '/configuratie/projecttypen', needs: ['canConfigure'] },
  { screen: 'Configuration_TemplateModels', path: '/configuratie/rekenmodeltypen', needs: ['canConfigure', 'canManageModelTemplates'] },
  { screen: 'Configuration_TemplateReports', path: '/configuratie/rapportagesjablonen', needs: ['canConfigure', 'canManageReportTemplates'] },
  { screen: 'Configuration_GlobalParameters', path: '/configuratie/parameters', needs: ['canConfigure', 'canManageGlobalParameters'] },
];

const BY_SCREEN = new Map(ROUTES.map((r) => [r.screen, r]));

interface Part {
  word?: string;
  param?: string;
  optional?: boolean;
}
const partsOf = (path: string): Part[] => path.split('/').filter(Boolean).map((s) => s.startsWith(':')
  ? { param: s.slice(1).replace(/\?$/, ''), optional: s.endsWith('?') }
  : { word: s });

/** The address of a screen. An unknown address (NotFound) keeps the address it was opened with. */
export function pathOf(screen: Screen, params: ScreenParams = {}): string {
  if (screen === 'NotFound') return String(params.path ?? '/');
  const route = BY_SCREEN.get(screen);
  if (!route) return '/';
  const segments: string[] = [];
  for (const part of partsOf(route.path)) {
    if (part.word) {
      segments.push(part.word);
      continue;
    }
    const value = params[part.param!];
    // An optional segment is left out when absent, and so are the ones after it.
    if (value === undefined || value === '') break;
    const slugs = route.slugs?.[part.param!];
    segments.push(encodeURIComponent(slugs ? slugs[String(value)] ?? String(value) : String(value)));
  }
  const query = new URLSearchParams();
  for (const [param, key] of Object.entries(route.query ?? {})) {
    if (params[param] !== undefined && params[param] !== '') query.set(key, String(params[param]));
  }
  const qs = query.toString().replaceAll('%2C', ',');
  return `/${segments.join('/')}${qs ? `?${qs}` : ''}`;
}

/** The screen an address shows; NotFound (with the address) when no screen has it. `/` is Projects. */
export function screenOf(address: string): { screen: Screen; params: ScreenParams } {
  const url = new URL(address, 'http://x');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return { screen: 'Projects', params: {} };
  const segments = path.split('/').filter(Boolean).map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  for (const route of ROUTES) {
    const params = match(route, segments);
    if (!params) continue;
    for (const [param, key] of Object.entries(route.query ?? {})) {
      const value = url.searchParams.get(key);
      if (value !== null) params[param] = value;
    }
    return { screen: route.screen, params };
  }
  return { screen: 'NotFound', params: { path: `${url.pathname}${url.search}` } };
}

function match(route: Route, segments: string[]): ScreenParams | null {
  const parts = partsOf(route.path);
  if (segments.length > parts.length) return null;
  const params: ScreenParams = {};
  for (const [i, part] of parts.entries()) {
    const segment = segments[i];
    if (segment === undefined) return part.optional ? params : null;
    if (part.word) {
      if (segment !== part.word) return null;
      continue;
    }
    const slugs = route.slugs?.[part.param!];
    if (slugs) {
      const id = Object.keys(slugs).find((k) => slugs[k] === segment);
      if (id === undefined) return null;
      params[part.param!] = id;
    } else {
      if (!/^[1-9]\d{0,9}$/.test(segment)) return null;
      params[part.param!] = Number(segment);
    }
  }
  return params;
}

/** Whether the user may open the screen at all (what the server sends decides; ids are checked by the server). */
export function mayOpen(screen: Screen, user: CurrentUser): boolean {
  return (BY_SCREEN.get(screen)?.needs ?? []).every((flag) => user[flag]);
}
