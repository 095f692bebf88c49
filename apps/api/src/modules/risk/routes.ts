/**
 * Liability caps for the console: read and change a group's caps (a change is audited with the caps before and
 * after), and a draw's numbers against their caps for the results desk.
 */
import { endpoints } from '@gama/core/endpoints';
import type { CapExposureRow } from '@gama/core/endpoints/risk/index';
import type { MarketGroup, RateField } from '@gama/core/rules/bet-types';
import { isIsoDate } from '@gama/core/rules/dates';
import { wholePercentOf } from '@gama/core/rules/measures';
import { rateFieldLabel } from '@gama/core/rules/rates';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { marketById } from '../markets/repository.ts';
import { PAYOUT_SQL } from '../results/outcome-sql.ts';
import { capRows, updateCaps } from './caps.ts';
import { numberLabel } from './exposure.ts';

export function riskRoutes(app: FastifyInstance): void {
  const { db } = app.deps;

  route(app, endpoints.capsRead, async ({ query }) => ({
    status: true,
    group: query.group,
    caps: await capRows(db, query.group),
  }));

  route(app, endpoints.capsUpdate, async ({ body, operator, request }) => ({
    status: true,
    group: body.group,
    caps: await updateCaps(app.deps, { operator, request }, body),
  }));

  route(app, endpoints.capExposure, async ({ query }) => {
    if (!isIsoDate(query.date))
      throw new AppError('EXPOSURE_DATE_INVALID', 'date must be a date (YYYY-MM-DD)');
    const market = await marketById(db, query.market_id);
    if (!market) throw new AppError('NOT_FOUND', 'Market not found');
    const group: MarketGroup = market.grp;
    const { rows } = await db.query<{
      rate_field: RateField;
      session: 'open' | 'close';
      digits: string;
      close_digits: string;
      payout: number;
      cap: number | null;
      total: number;
      at_cap: number;
    }>(
      // The cap in force now (not the one the last bid met), so the desk shows where the next bid stands. A
      // capped number's exposure is its row; an uncapped one keeps none (migration 0032) and is summed from
      // the draw's bids.
      `WITH caps AS (
         SELECT rate_field, cap FROM liability_caps WHERE grp = $3
       ), n AS (
         SELECT e.rate_field, e.session, e.digits, e.close_digits, e.payout, c.cap
           FROM number_exposure e JOIN caps c ON c.rate_field = e.rate_field
          WHERE e.market_id = $1 AND e.market_date = $2::date AND e.payout > 0
         UNION ALL
         SELECT b.rate_field, b.session, b.digits, b.close_digits, sum(${PAYOUT_SQL})::bigint, NULL::bigint
           FROM bids b
          WHERE b.market_id = $1 AND b.market_date = $2::date
            AND NOT EXISTS (SELECT 1 FROM caps c WHERE c.rate_field = b.rate_field)
          GROUP BY b.rate_field, b.session, b.digits, b.close_digits
         HAVING sum(${PAYOUT_SQL}) > 0
       )
       SELECT n.*, count(*) OVER ()::int AS total,
              (count(*) FILTER (WHERE n.payout >= n.cap) OVER ())::int AS at_cap
         FROM n
        ORDER BY (n.payout::numeric / n.cap) DESC NULLS LAST, n.payout DESC,
                 n.rate_field, n.session, n.digits, n.close_digits
        LIMIT $4`,
      [market.id, query.date, group, query.limit],
    );
    const answer: CapExposureRow[] = rows.map((r) => ({
      rate_field: r.rate_field,
      label: rateFieldLabel(group, r.rate_field),
      session: r.session,
      number: numberLabel(r.digits, r.close_digits),
      payout_paise: r.payout,
      cap_paise: r.cap,
      used_percent: r.cap === null ? null : wholePercentOf(r.payout, r.cap),
    }));
    return { status: true, rows: answer, total: rows[0]?.total ?? 0, at_cap: rows[0]?.at_cap ?? 0 };
  });
}
