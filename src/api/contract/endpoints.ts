import { attachmentEndpoints } from './attachment.ts';
import { authEndpoints } from './auth.ts';
import { biLinkEndpoints } from './biLink.ts';
import { configurationEndpoints } from './configuration.ts';
import { documentationEndpoints } from './documentation.ts';
import { workbenchEndpoints } from './workbench.ts';
import { invitationEndpoints } from './invitations.ts';
import { logEndpoints } from './log.ts';
import { mapEndpoints } from './map.ts';
import { mapViewerOAuthEndpoints } from './mapViewerOAuth.ts';
import { mfaEndpoints } from './mfa.ts';
import { modelEndpoints } from './model.ts';
import { openModelEndpoints } from './openModel.ts';
import { parameterEndpoints } from './parameters.ts';
import { passwordResetEndpoints } from './passwordReset.ts';
import { projectEndpoints } from './project.ts';
import { referenceDataEndpoints } from './referenceData.ts';
import { reportEndpoints } from './report.ts';
import { samlEndpoints } from './saml.ts';
import { templateReportEndpoints } from './templateReport.ts';
import { userEndpoints } from './users.ts';
import { varianceEndpoints } from './variance.ts';
import { versionModelEndpoints } from './versionModel.ts';

/**
 * The list of the API: every call, declared once beside its resource's schemas (docs/conventions.md
 * "Endpoint table"). The server registers its routes from it (server/routes/route.ts), the client calls
 * it (src/api/http.ts `call`), and server/routes/endpointTable.test.ts fails when a route is registered
 * that is not here, or the other way round; the exemptions (protocols with clients of their own) are listed
 * there.
 */
export const endpoints = {
  // signing in and the own account (spec 2 §4, §7)
  auth: authEndpoints,
  mfa: mfaEndpoints,
  passwordReset: passwordResetEndpoints,
  invitations: invitationEndpoints,
  // the project area (spec 1 §7)
  projects: projectEndpoints,
  versions: versionModelEndpoints,
  models: modelEndpoints,
  openModel: openModelEndpoints,
  attachments: attachmentEndpoints,
  referenceData: referenceDataEndpoints,
  log: logEndpoints,
  templateReports: templateReportEndpoints,
  reports: reportEndpoints,
  documentation: documentationEndpoints,
  map: mapEndpoints,
  mapViewerOAuth: mapViewerOAuthEndpoints,
  biLinks: biLinkEndpoints,
  // the online tool (spec 3 §7)
  workbench: workbenchEndpoints,
  variance: varianceEndpoints,
  // administration and staff (spec 2 §7)
  users: userEndpoints,
  configuration: configurationEndpoints,
  saml: samlEndpoints,
  parameters: parameterEndpoints,
};
