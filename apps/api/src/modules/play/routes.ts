import { playMessages } from '@gama/core/contract/play-messages';
import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { CsvReply, route } from '../../http/route.ts';
import { toCsv } from '../../lib/csv.ts';
import { formatDateTime } from '../../lib/format.ts';
import { formatPaise, wholePointsOf } from '@gama/core/rules/money';
import type { PlaySettings } from './service.ts';
import { changeLimits, playSettings, realityCheck, setRealityCheck, startBreak } from './service.ts';
import { STATEMENT_COLUMNS, monthStatement } from './statement.ts';

// Limits are set in whole points (`parsePoints`), so they go back out as whole points.
const toPoints = (paise: number | null) => (paise === null ? null : wholePointsOf(paise));

function settingsView(settings: PlaySettings) {
  return {
    status: true as const,
    limits: settings.limits.map((l) => ({
      kind: l.kind,
      period: l.period,
      points: toPoints(l.amount),
      pending: l.pending ? { points: toPoints(l.pending.amount), at: l.pending.at.toISOString() } : null,
    })),
    break: settings.break ? { kind: settings.break.kind, until: settings.break.until.toISOString() } : null,
    reality_check_minutes: settings.realityCheckMinutes,
  };
}

/** The player's responsible-play screen and the operator's view of it on the player page. */
export function playRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const { db, clock } = deps;
  const zone = deps.config.MARKET_TIME_ZONE;

  route(app, endpoints.playSettings, async ({ player }) =>
    settingsView(await playSettings(db, player.id, clock.now())),
  );

  route(app, endpoints.playLimits, async ({ body, player, request }) => ({
    ...settingsView(await changeLimits(deps, player.id, body.kind, body, request)),
    msg: playMessages.limitsSaved,
  }));

  route(app, endpoints.playBreak, async ({ body, player, request }) => {
    const { settings, started } = await startBreak(deps, player.id, body.option, request);
    return {
      ...settingsView(settings),
      msg: playMessages.breakStarted(started.kind, formatDateTime(started.until, zone)),
    };
  });

  route(app, endpoints.realityCheckInterval, async ({ body, player, request }) => ({
    ...settingsView(await setRealityCheck(deps, player.id, Number(body.minutes), request)),
    msg: playMessages.realityCheckSaved,
  }));

  route(app, endpoints.realityCheck, async ({ player, sessionHash }) => {
    const check = await realityCheck(db, player.id, sessionHash);
    const net = formatPaise(check.net);
    return {
      status: true,
      signed_in_at: check.signedInAt.toISOString(),
      server_time: clock.now().toISOString(),
      interval_minutes: check.intervalMinutes,
      net: check.net > 0 ? `+${net}` : net,
    };
  });

  route(app, endpoints.accountStatement, async ({ body, player }) => {
    // From a replica unless the player has written since it last caught up (db/reads.ts).
    const statement = await monthStatement(deps.reads.forPlayer(player.id), player.id, body.month, zone);
    if (body.format === 'csv') {
      return new CsvReply(
        `gama-statement-${body.month}.csv`,
        toCsv(STATEMENT_COLUMNS, statement.rows as unknown as Record<string, unknown>[]),
      );
    }
    return { status: true, month: body.month, ...statement };
  });

  route(app, endpoints.adminPlayerPlay, async ({ params }) => {
    const now = clock.now();
    const settings = await playSettings(db, params.id, now).catch((error: unknown) => {
      if (error instanceof AppError) throw new AppError('NOT_FOUND', 'Player not found');
      throw error;
    });
    const { rows } = await db.query<{
      created_at: Date;
      action: string;
      before_state: unknown;
      after_state: unknown;
      detail: unknown;
    }>(
      `SELECT created_at, action, before_state, after_state, detail FROM audit_log
        WHERE player_id = $1 AND action LIKE 'play\\_%' ORDER BY id DESC LIMIT 200`,
      [params.id],
    );
    const view = settingsView(settings);
    return {
      ...view,
      dob: settings.dob,
      last_break: settings.lastBreak
        ? { kind: settings.lastBreak.kind, until: settings.lastBreak.until.toISOString() }
        : null,
      history: rows.map((r) => ({
        at: r.created_at.toISOString(),
        action: r.action,
        before: r.before_state,
        after: r.after_state,
        detail: r.detail,
      })),
    };
  });
}
