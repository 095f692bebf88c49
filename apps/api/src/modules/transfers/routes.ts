import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { fundsMessages } from '@gama/core/contract/funds-messages';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { limitPhoneLookup } from '../auth/lookups.ts';
import { idempotencyKeyFrom } from '../ledger/idempotency.ts';
import { checkRecipient, transferPoints } from './service.ts';

export function transferRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const refusal = () => fundsMessages.transferLookupsLimited;

  // Both tell a registered phone from an unknown one, so both spend the lookup budget the sign-in routes
  // spend, per address and per player (auth/lookups.ts).
  route(app, endpoints.checkRecipient, async ({ body, player, request }) => ({
    status: true,
    user_name: await limitPhoneLookup(
      deps,
      request,
      undefined,
      () => checkRecipient(deps, player, body.mobile_no),
      {
        playerId: player.id,
        // A name shown costs the caller nothing.
        keepSuccess: true,
        refusal,
      },
    ),
  }));

  route(app, endpoints.transfer, async ({ body, raw, request, player }) =>
    limitPhoneLookup(
      deps,
      request,
      undefined,
      () =>
        transferPoints(
          deps,
          player,
          { mobile: body.mobile_no, points: body.amount },
          idempotencyKeyFrom(request, raw),
          body,
        ),
      // Only "no such player" says anything of the phone: every other refusal is judged before it is looked up.
      {
        playerId: player.id,
        refusal,
        toldNothing: (error) => !(error instanceof AppError && error.code === 'NOT_FOUND'),
      },
    ),
  );
}
