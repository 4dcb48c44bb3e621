import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/index.ts';

// Whether the map viewer a client's users draw in can be reached (spec 1 §8 NoMapViewerConnection).
// The built-in viewer is part of this server, so it always answers. An external viewer configured for
// the client (issue 14 item 5, per-client configuration by staff) is asked here — this is the one place
// that check belongs: the open request, the open-model job and the tool's take-over all go through
// versionSpaceUsage (server/services/openModel.ts), which calls this first.

/** True when the client's map viewer answers (always, for the built-in one). */
export async function mapViewerConnected(_ctx: AppContext, _db: DbOrTx, _clientId: number): Promise<boolean> {
  // No external viewer can be configured yet: every client uses the built-in viewer.
  return true;
}
