/** The owner's settings: read whole, changed with a partial object; each change is audited before and after. */
import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { audit } from '../audit/writer.ts';
import { ownerSettings, updateOwnerSettings } from './owner-settings.ts';

export function settingsRoutes(app: FastifyInstance): void {
  const { db, clock } = app.deps;

  route(app, endpoints.settingsRead, async () => ({ status: true, settings: await ownerSettings(db) }));

  route(app, endpoints.settingsUpdate, async ({ operator, body, request }) => {
    const after = await db.transaction(async (tx) => {
      const change = await updateOwnerSettings(tx, body, clock.now());
      await audit(tx, {
        operatorId: operator.id,
        action: 'settings_update',
        targetType: 'settings',
        before: change.before,
        after: change.after,
        detail: { changed: Object.keys(body) },
        request,
        at: clock.now(),
      });
      return change.after;
    });
    // The player routes read these through the settings cache: the player app sees them on its next call.
    app.deps.settings.invalidate();
    return { status: true, settings: after };
  });
}
