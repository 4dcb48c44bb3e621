// The list of the API: every call's method and address, and how it is called (public: without a bearer
// token; kind: an upload or a file answer; wireKeys: the client keeps the wire's snake_case keys). Each
// resource's contract file gives these routes their schemas (`projectEndpoints` in ./project.ts …), gathered
// in ./endpoints.ts (docs/conventions.md "Endpoint table"). This module imports nothing, on purpose: the
// browser calls the API from it without loading zod and the schemas into its first bundle.

/** How a call is made besides its method and path (see the module's first comment). */
interface CallKind { public?: true; kind?: 'upload' | 'download'; wireKeys?: true }
/** One call: its method and path, with `how` when it is more than a JSON call with a bearer token. */
const call = <const M extends string>(method: M) =>
  <const P extends string, const H extends CallKind = {}>(path: P, how?: H) => ({ method, path, ...how }) as { method: M; path: P } & H;
const get = call('GET');
const post = call('POST');
const put = call('PUT');
const patch = call('PATCH');
const del = call('DELETE');

export const routes = {
  auth: {
    login: post('/api/manager/user/login/', { public: true }),
    refresh: post('/api/manager/token/refresh/', { public: true }),
    refreshByGet: get('/api/manager/token/refresh/', { public: true }),
    logout: post('/api/manager/user/logout/'),
    me: get('/api/manager/user/me/'),
    updateMe: put('/api/manager/user/me/'),
    clientStatus: get('/api/manager/client-status/', { public: true }),
    status: get('/api/manager/status/', { public: true }),
    superadminStatus: get('/api/grexsuperadmin/status/', { public: true }),
  },
  mfa: {
    setup: post('/api/manager/user/mfa/setup/'),
    verify: post('/api/manager/user/mfa/verify/'),
    disable: post('/api/manager/user/mfa/disable/'),
    recoveryCodes: post('/api/manager/user/mfa/recovery-codes/'),
    login: post('/api/manager/user/login/mfa/', { public: true }),
  },
  passwordReset: {
    sendToken: post('/api/manager/user/reset-password/send-token/', { public: true }),
    checkToken: post('/api/manager/user/reset-password/check-token/', { public: true }),
    checkMfa: post('/api/manager/user/reset-password/check-mfa/', { public: true }),
    setPassword: post('/api/manager/user/reset-password/set-password/', { public: true }),
    changeOwn: post('/api/manager/user/me/reset-password/'),
  },
  invitations: {
    check: post('/api/manager/user/invitation/check/', { public: true }),
    accept: post('/api/manager/user/invitation/accept/', { public: true }),
  },
  projects: {
    list: get('/api/manager/project/'),
    create: post('/api/manager/project/'),
    get: get('/api/manager/project/:id/'),
    put: put('/api/manager/project/:id/'),
    patch: patch('/api/manager/project/:id/'),
    remove: del('/api/manager/project/:id/'),
    duplicate: get('/api/manager/project/:id/duplicate/'),
  },
  versions: {
    list: get('/api/manager/version-model/'),
    create: post('/api/manager/version-model/'),
    get: get('/api/manager/version-model/:id/'),
    put: put('/api/manager/version-model/:id/'),
    patch: patch('/api/manager/version-model/:id/'),
    remove: del('/api/manager/version-model/:id/'),
    duplicate: get('/api/manager/version-model/:id/duplicate/'),
    move: post('/api/manager/version-model/:id/move/'),
    adopt: post('/api/manager/version-model/:id/adopt/'),
    withdrawAdoption: del('/api/manager/version-model/:id/adopt/'),
    rollover: post('/api/manager/version-model/:id/rollover/'),
  },
  models: {
    list: get('/api/manager/model/'),
    create: post('/api/manager/model/'),
    get: get('/api/manager/model/:id/'),
    put: put('/api/manager/model/:id/'),
    patch: patch('/api/manager/model/:id/'),
    remove: del('/api/manager/model/:id/'),
    duplicate: get('/api/manager/model/:id/duplicate/'),
    move: post('/api/manager/model/:id/move/'),
    sessionHolder: get('/api/manager/model/:id/session-edit/'),
    endSession: del('/api/manager/model/:id/session-edit/'),
    history: get('/api/manager/model/:id/saved-model/'),
    uploadHistory: post('/api/manager/model/:id/saved-model/', { kind: 'upload' }),
    downloadHistory: get('/api/manager/model/:id/saved-model/:saved_model_id/', { kind: 'download' }),
    activateHistory: patch('/api/manager/model/:id/saved-model/:saved_model_id/'),
  },
  openModel: {
    open: get('/api/manager/model/:id/open/'),
    task: get('/api/manager/open-model-task/:id/'),
  },
  attachments: {
    create: post('/api/manager/attachment-version-model/', { kind: 'upload' }),
    get: get('/api/manager/attachment-version-model/:id/', { kind: 'download' }),
    remove: del('/api/manager/attachment-version-model/:id/'),
  },
  referenceData: {
    subregions: get('/api/manager/subregion/'),
    subregionRoles: get('/api/manager/subregion/:id/roles/'),
    typeProjects: get('/api/manager/type-project/'),
    phases: get('/api/manager/phase/'),
    categoryAttachments: get('/api/manager/category-attachment/'),
    templateModels: get('/api/manager/template-model/'),
    createTemplateModel: post('/api/manager/template-model/', { kind: 'upload' }),
  },
  log: {
    page: get('/api/manager/log/'),
  },
  templateReports: {
    list: get('/api/manager/template-report/'),
    create: post('/api/manager/template-report/', { kind: 'upload' }),
    update: patch('/api/manager/template-report/:id/'),
    remove: del('/api/manager/template-report/:id/'),
    file: get('/api/manager/template-report/:id/file/', { kind: 'download' }),
  },
  reports: {
    create: post('/api/manager/report/'),
    poll: get('/api/manager/report/'),
  },
  documentation: {
    list: get('/api/manager/documentation/'),
    pdf: get('/api/manager/documentation/:id/', { kind: 'download' }),
    create: post('/api/manager/documentation/', { kind: 'upload' }),
    update: patch('/api/manager/documentation/:id/', { kind: 'upload' }),
    remove: del('/api/manager/documentation/:id/'),
  },
  map: {
    clientRegion: get('/api/manager/mapviewer/client_region/'),
    overview: get('/api/manager/mapviewer/overview/'),
    overviewRegions: get('/api/manager/mapviewer/overview/regions/', { wireKeys: true }),
    versionRegion: get('/api/manager/mapviewer/version-model/:id/region/', { wireKeys: true }),
    saveVersionRegion: put('/api/manager/mapviewer/version-model/:id/region/', { wireKeys: true }),
    versionFeatures: get('/api/manager/mapviewer/version-model/:id/features/', { wireKeys: true }),
    saveVersionFeatures: put('/api/manager/mapviewer/version-model/:id/features/', { wireKeys: true }),
    subregionOutline: get('/api/manager/mapviewer/subregion/:id/outline/', { wireKeys: true }),
    saveSubregionOutline: put('/api/manager/mapviewer/subregion/:id/outline/', { wireKeys: true }),
    clientRegionOutline: get('/api/manager/mapviewer/client_region/outline/', { wireKeys: true }),
    saveClientRegionOutline: put('/api/manager/mapviewer/client_region/outline/', { wireKeys: true }),
  },
  mapViewerOAuth: {
    authorize: get('/api/manager/mapviewer/oauth/authorize/'),
    token: post('/api/manager/mapviewer/oauth/token/', { public: true }),
    resource: get('/api/manager/mapviewer/oauth/resource/', { public: true }),
    settings: get('/api/manager/mapviewer/oauth/client/'),
    register: put('/api/manager/mapviewer/oauth/client/'),
    remove: del('/api/manager/mapviewer/oauth/client/'),
  },
  biLinks: {
    create: post('/api/bi/v1/report/'),
    list: get('/api/bi/v1/report/'),
    get: get('/api/bi/v1/report/:uuid/'),
    remove: del('/api/bi/v1/report/:uuid/'),
    generatePassword: post('/api/bi/v1/report/:uuid/password/'),
    settings: get('/api/bi/v1/settings/'),
    saveSettings: put('/api/bi/v1/settings/'),
  },
  workbench: {
    load: get('/api/grexonline/model/:id/', { wireKeys: true }),
    save: post('/api/grexonline/model/:id/', { wireKeys: true }),
    openSession: post('/api/grexonline/model/:id/session/', { wireKeys: true }),
    closeSession: del('/api/grexonline/model/:id/session/', { wireKeys: true }),
  },
  users: {
    list: get('/api/manager/user/'),
    create: post('/api/manager/user/new'),
    forceMfaForAll: post('/api/manager/user/force-mfa/'),
    get: get('/api/manager/user/:id/'),
    update: put('/api/manager/user/:id/'),
    remove: del('/api/manager/user/:id/'),
    setBlocked: post('/api/manager/user/:id/blk/'),
    resetMfa: post('/api/manager/user/:id/reset-mfa/'),
    reinvite: post('/api/manager/user/:id/invite/'),
    resetPassword: post('/api/manager/user/:id/reset-password/'),
    projectRoles: get('/api/manager/user/:id/project-role/'),
    addProjectRoles: post('/api/manager/user/:id/project-role/'),
    setProjectRoles: put('/api/manager/user/:id/project-role/'),
    subregions: get('/api/manager/user/:id/subregion/'),
    addSubregions: post('/api/manager/user/:id/subregion/'),
    setSubregions: put('/api/manager/user/:id/subregion/'),
    templateReports: get('/api/manager/user/:id/template-report/'),
    addTemplateReports: post('/api/manager/user/:id/template-report/'),
    setTemplateReports: put('/api/manager/user/:id/template-report/'),
  },
  configuration: {
    subregion: {
      create: post('/api/manager/subregion/'),
      get: get('/api/manager/subregion/:id/'),
      put: put('/api/manager/subregion/:id/'),
      patch: patch('/api/manager/subregion/:id/'),
      remove: del('/api/manager/subregion/:id/'),
    },
    typeProject: {
      create: post('/api/manager/type-project/'),
      get: get('/api/manager/type-project/:id/'),
      put: put('/api/manager/type-project/:id/'),
      patch: patch('/api/manager/type-project/:id/'),
      remove: del('/api/manager/type-project/:id/'),
    },
    phase: {
      create: post('/api/manager/phase/'),
      get: get('/api/manager/phase/:id/'),
      put: put('/api/manager/phase/:id/'),
      patch: patch('/api/manager/phase/:id/'),
      remove: del('/api/manager/phase/:id/'),
      order: put('/api/manager/phase/order/'),
    },
    category: {
      create: post('/api/manager/category-attachment/'),
      get: get('/api/manager/category-attachment/:id/'),
      put: put('/api/manager/category-attachment/:id/'),
      patch: patch('/api/manager/category-attachment/:id/'),
      remove: del('/api/manager/category-attachment/:id/'),
    },
  },
  saml: {
    settings: get('/api/manager/client/saml/'),
    save: put('/api/manager/client/saml/'),
  },
  parameters: {
    preview: post('/api/manager/parameter/preview/'),
    save: post('/api/manager/parameter/'),
  },
} as const;

/**
 * The app's address the SAML ACS sends the browser to when the account's MFA step follows the IdP
 * (issue 33.3); the fragment holds the e-mail address the step asks the code for.
 */
export const SAML_MFA_PATH = '/inloggen/mfa';
