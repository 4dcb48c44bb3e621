import { modelEndpoints } from './model.ts';
import { projectEndpoints } from './project.ts';
import { versionModelEndpoints } from './versionModel.ts';

/**
 * The list of the API: every call, declared once beside its resource's schemas (docs/conventions.md
 * "Endpoint table"). The server registers its routes from it (server/routes/route.ts), the client calls
 * it (src/api/http.ts `call`), and server/routes/endpointTable.test.ts fails when a route is registered
 * that is not here, or the other way round; the exemptions (protocols with clients of their own) are listed
 * there.
 */
export const endpoints = {
  projects: projectEndpoints,
  versions: versionModelEndpoints,
  models: modelEndpoints,
};
