/** The owner's settings: read whole, changed with a partial object; each change is audited before and after. */
import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { changeOwnerSettings, ownerSettings } from './owner-settings.ts';

export function settingsRoutes(app: FastifyInstance): void {
  const { db } = app.deps;

  route(app, endpoints.settingsRead, async () => ({ status: true, settings: await ownerSettings(db) }));

  route(app, endpoints.settingsUpdate, async ({ operator, body, request }) => {
    const after = await changeOwnerSettings(app.deps, { operator, request }, body);
    // The player routes read these through the settings cache: the player app sees them on its next call.
    app.deps.settings.invalidate();
    return { status: true, settings: after };
  });
}
