/**
 * Referrals, the console's side: the report of every referral (with its CSV, audited like every export) and the
 * review of held rewards.
 */
import { formatPaiseDecimal } from '@gama/core/rules/money';
import { endpoints } from '@gama/core/endpoints';
import { referralMessages } from '@gama/core/endpoints/referrals/index';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { csvExport } from '../exports/csv-export.ts';
import { referralReport, referralRow } from './report.ts';
import type { ReviewWho } from './review.ts';
import { decideHeldReward } from './review.ts';

const REPORT_COLUMNS = [
  'referrer id',
  'referrer',
  'referrer mobile',
  'referred id',
  'referred',
  'referred mobile',
  'registered',
  'first deposit approved',
  'deposit request',
  'state',
  'referrer reward',
  'new player reward',
  'linked by',
  'decided by',
  'decided at',
  'reason',
] as const;

export function referralDeskRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const { db, clock } = deps;
  const zone = deps.config.MARKET_TIME_ZONE;

  route(app, endpoints.adminReferrals, async ({ query, operator, request }) => {
    const report = await referralReport(db, query, zone);
    if (query.format === 'json') {
      return {
        status: true,
        rows: report.rows,
        totals: {
          referrer_paid_paise: report.totals.referrer,
          referred_paid_paise: report.totals.referred,
          held: report.totals.held,
        },
        total: report.total,
        page: query.page,
        page_size: query.page_size,
      };
    }
    const { page: _page, page_size: _size, format: _format, ...filters } = query;
    const money = (paise: number | null) => (paise === null ? '' : formatPaiseDecimal(paise));
    return csvExport(
      deps,
      { operator, request },
      'referrals',
      filters,
      REPORT_COLUMNS,
      report.rows.map((r) => ({
        'referrer id': r.referrer.id,
        referrer: r.referrer.user_name,
        'referrer mobile': r.referrer.mobile,
        'referred id': r.referred.id,
        referred: r.referred.user_name,
        'referred mobile': r.referred.mobile,
        registered: r.registered_at,
        'first deposit approved': r.qualified_at ?? '',
        'deposit request': r.deposit_request_id ?? '',
        state: r.state,
        'referrer reward': money(r.referrer_reward_paise),
        'new player reward': money(r.referred_reward_paise),
        'linked by': r.link_reasons.join('; '),
        'decided by': r.decided_by?.username ?? '',
        'decided at': r.decided_at ?? '',
        reason: r.decision_reason ?? '',
      })),
    );
  });

  async function decide(
    who: Omit<ReviewWho, 'now'>,
    referredId: number,
    decision: 'paid' | 'rejected',
    reason: string | undefined,
  ) {
    const { alreadyDecided } = await db.transaction((tx) =>
      decideHeldReward(tx, { ...who, now: clock.now() }, referredId, decision, reason),
    );
    const row = await referralRow(db, referredId);
    if (!row) throw new AppError('NOT_FOUND', referralMessages.notFound);
    return { status: true as const, referral: row, already_decided: alreadyDecided };
  }
  route(app, endpoints.adminReferralApprove, ({ operator, request, params, body }) =>
    decide({ operator, request }, params.id, 'paid', body.reason),
  );
  route(app, endpoints.adminReferralReject, ({ operator, request, params, body }) =>
    decide({ operator, request }, params.id, 'rejected', body.reason),
  );
}
