import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import type { VapidKeys } from './vapid.ts';
import { loadVapidKeys } from './vapid.ts';
import { devicesOf, preferencesOf, savePreferences, subscribe, unsubscribe } from './subscriptions.ts';

/** The app's side of push: the public key, this device's subscription, and the kinds pushed. */
export function pushRoutes(app: FastifyInstance): void {
  const { db, clock, config } = app.deps;
  let keys: Promise<VapidKeys> | undefined;
  const vapid = () => {
    keys ??= loadVapidKeys(db, config, clock.now()).catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
  const answer = async (playerId: number) => {
    const [preferences, devices] = await Promise.all([preferencesOf(db, playerId), devicesOf(db, playerId)]);
    return { status: true as const, preferences, devices };
  };

  route(app, endpoints.pushKey, async () => ({ status: true, public_key: (await vapid()).publicKey }));

  route(app, endpoints.pushSubscribe, async ({ body, player }) => {
    await subscribe(db, player.id, body, clock.now());
    return answer(player.id);
  });

  route(app, endpoints.pushUnsubscribe, async ({ body, player }) => {
    await unsubscribe(db, player.id, body.endpoint);
    return answer(player.id);
  });

  route(app, endpoints.pushPreferences, async ({ body, player }) => {
    if (body.preferences) await savePreferences(db, player.id, body.preferences, clock.now());
    return answer(player.id);
  });
}
