import { describe, expect, it } from 'vitest';
import { mayOpen, pathOf, screenOf } from './routes.ts';
import { Screens, type Screen, type ScreenParams } from './screenNames.ts';
import type { CurrentUser } from '../api/auth.ts';

/** The parameters each screen is opened with in the app (ids as numbers, as the screens pass them). */
const SAMPLES: Record<Screen, ScreenParams[]> = {
  Projects: [{}],
  Projects_NewProject: [{}],
  Projects_ProjectInfo: [{ projectId: 12 }],
  Projects_NewVersionModel: [{ projectId: 12 }],
  Projects_VersionModelInfo: [{ versionId: 5 }],
  Projects_VersionModelInfo_NewAttachment: [{ versionId: 5 }],
  Projects_NewModel: [{ versionId: 5 }],
  Projects_ModelInfo: [{ modelId: 7 }],
  Projects_ModelVariance: [{ modelId: 7 }, { modelId: 7, against: '9' }],
  Reports: [{}],
  BiLinks: [{}],
  NewBiLink: [{ models: '3,4,9' }, {}],
  Logs: [{}],
  Documentation: [{}],
  MapViewer_VersionRegion: [{ versionId: 5 }],
  MapViewer_Subregion: [{ id: 2 }],
  MapViewer_Feature: [{ versionId: 5 }],
  MapViewer_Overview: [{}],
  MapViewer_Client: [{}],
  User: [{}],
  SetupMfa: [{}],
  UserList: [{}],
  CreateUser: [{}],
  EditUser: [{ id: 5 }],
  ResetPasswordUser: [{ id: 5 }],
  Configuration_Subregions: [{}],
  Configuration_TypeProject: [{}],
  Configuration_PhaseDefinitions: [{}],
  Configuration_FileCategories: [{}],
  Configuration_GlobalParameters: [{}],
  Configuration_ClientRegion: [{}],
  Configuration_TemplateModels: [{}],
  Configuration_TemplateReports: [{}],
  GrexOnline_Overview: [{ modelId: 7 }],
  GrexOnline_BaseParameters: [{ modelId: 7 }, { modelId: 7, tab: 'interest' }, { modelId: 7, tab: 'space' }],
  GrexOnline_CostEstimate: [{ modelId: 7 }, { modelId: 7, tab: 'phasing' }, { modelId: 7, tab: 'bookvalue' }],
  GrexOnline_ResidentialConstruction: [{ modelId: 7 }, { modelId: 7, tab: 'overview' }, { modelId: 7, tab: 'estimate', section: 'pricePerM2' }],
  GrexOnline_NonResidentialConstruction: [{ modelId: 7 }, { modelId: 7, tab: 'phasing' }, { modelId: 7, tab: 'estimate', section: 'residual' }],
  GrexOnline_OtherRevenues: [{ modelId: 7 }, { modelId: 7, tab: 'estimate' }, { modelId: 7, tab: 'bookvalue' }],
  NotFound: [{ path: '/bestaat/niet?x=1' }],
};

describe('screen ↔ address', () => {
  it.each(Screens.flatMap((s) => SAMPLES[s].map((p) => [s, p] as const)))('%s %o round-trips', (screen, params) => {
    const path = pathOf(screen, params);
    expect(path.startsWith('/')).toBe(true);
    expect(screenOf(path)).toEqual({ screen, params });
  });

  it('gives every screen its own address', () => {
    const paths = Screens.filter((s) => s !== 'NotFound').map((s) => pathOf(s, SAMPLES[s][0]));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('writes Dutch paths', () => {
    expect(pathOf('Projects_ProjectInfo', { projectId: 12 })).toBe('/projecten/12');
    expect(pathOf('GrexOnline_CostEstimate', { modelId: 7, tab: 'phasing' })).toBe('/rekenmodellen/7/kostenraming/fasering');
    expect(pathOf('GrexOnline_NonResidentialConstruction', { modelId: 7, tab: 'estimate', section: 'pricePerM2' }))
      .toBe('/rekenmodellen/7/niet-woningbouw/raming/prijs-per-m2');
    expect(pathOf('GrexOnline_OtherRevenues', { modelId: 7, tab: 'indexing' })).toBe('/rekenmodellen/7/overige-opbrengsten/indexering');
    expect(pathOf('GrexOnline_ResidentialConstruction', { modelId: 7, tab: 'estimate', section: 'landShare' }))
      .toBe('/rekenmodellen/7/woningbouw/raming/grondquote');
    expect(pathOf('EditUser', { id: 5 })).toBe('/gebruikers/5');
    expect(pathOf('Configuration_Subregions')).toBe('/configuratie/deelgebieden');
    expect(pathOf('Reports')).toBe('/rapportages');
    expect(pathOf('Documentation')).toBe('/documentatie');
    expect(pathOf('NewBiLink', { models: '3,4' })).toBe('/rapportages/bi-links/nieuw?rekenmodellen=3,4');
  });

  it('reads `/`, a trailing slash and an id given as text', () => {
    expect(screenOf('/')).toEqual({ screen: 'Projects', params: {} });
    expect(screenOf('/projecten/12/')).toEqual({ screen: 'Projects_ProjectInfo', params: { projectId: 12 } });
    expect(pathOf('Projects_ProjectInfo', { projectId: '12' })).toBe('/projecten/12');
  });

  it('knows no screen for an unknown word, a bad id or a tab the tool does not have', () => {
    for (const path of ['/projecten/abc', '/projecten/0', '/projecten/12/onbekend', '/rekenmodellen/7/kostenraming/rente', '/onzin', '/api']) {
      expect(screenOf(path)).toEqual({ screen: 'NotFound', params: { path } });
    }
  });
});

describe('who may open a screen', () => {
  const user = (flags: Partial<CurrentUser>) => ({ canManageUsers: false, canConfigure: false, canReadLogs: false, ...flags }) as CurrentUser;
  it('follows the capability flags the server sends', () => {
    expect(mayOpen('Projects', user({}))).toBe(true);
    expect(mayOpen('EditUser', user({}))).toBe(false);
    expect(mayOpen('EditUser', user({ canManageUsers: true }))).toBe(true);
    expect(mayOpen('Configuration_GlobalParameters', user({ canConfigure: true }))).toBe(false);
    expect(mayOpen('Configuration_GlobalParameters', user({ canConfigure: true, canManageGlobalParameters: true }))).toBe(true);
  });
});
