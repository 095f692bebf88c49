/**
 * Query and answer shapes of the reports and the dashboard. Dates are calendar days in the market time zone,
 * both ends included; amounts are integer paise in `*_paise` fields (decision 046), summed in SQL. A CSV export
 * writes each `*_paise` column as points under its name without the suffix (`reports/routes.ts`).
 */
import { z } from 'zod';
import { numberOrText } from '../../contract/numbers.ts';
import { BET_TYPE_IDS } from '../../rules/bet-types.ts';
import { isIsoDate } from '../../rules/dates.ts';
import { pageQueryInOwnOrder, paise } from '../paging.ts';

/** The longest range one report covers, in days. */
export const MAX_REPORT_DAYS = 366;
/** Rows per page of a JSON answer, at most. A CSV answer carries every row (up to `CSV_MAX_ROWS`). */
export const MAX_PAGE_SIZE = 1_000;
export const CSV_MAX_ROWS = 100_000;

export const reportMessages = {
  badDate: 'Dates must be real days written YYYY-MM-DD',
  fromAfterTo: 'The start date must be on or before the end date',
  tooLong: `A report covers at most ${MAX_REPORT_DAYS} days; choose a shorter range`,
  tooManyRows: (rows: number) =>
    `This export would have ${rows} rows, more than ${CSV_MAX_ROWS} in one file; choose fewer days or add filters`,
} as const;

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included (0 or less when `to` comes first). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

const dateText = z
  .string({ error: reportMessages.badDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: reportMessages.badDate })
  .refine(isIsoDate, { error: reportMessages.badDate });

const positiveId = numberOrText().pipe(
  z.coerce.number<string | number>().int().positive().max(Number.MAX_SAFE_INTEGER),
);

export const marketGroup = z.enum(['main', 'starline', 'gali']);
export const betTypeId = z.enum(BET_TYPE_IDS);
export const session = z.enum(['open', 'close']);

/** Fields every report takes: the range and the answer's format. */
const common = {
  from: dateText,
  to: dateText,
  format: z.enum(['json', 'csv']).default('json'),
};

/**
 * A page of rows for JSON, sorted by the report's own order unless `sort` names a column: the console's one
 * convention (`sort` and `dir`, `paging.ts`), where a column without `dir` runs in its usual direction.
 */
const paged = <const S extends readonly [string, ...string[]]>(sorts: S) =>
  pageQueryInOwnOrder(sorts, { max: MAX_PAGE_SIZE, default: 100 });

/** Filters of the reports built from bids. */
const bidFilters = {
  market_id: positiveId.optional(),
  group: marketGroup.optional(),
  bet_type: betTypeId.optional(),
  session: session.optional(),
};

/** The range's two dates, once each is a real day (a bad date has its own message). */
function datesOf(query: object): { from: string; to: string } | null {
  const { from, to } = query as { from?: unknown; to?: unknown };
  return typeof from === 'string' && typeof to === 'string' && isIsoDate(from) && isIsoDate(to)
    ? { from, to }
    : null;
}

function rangeChecked<T extends z.ZodRawShape>(shape: T) {
  return z
    .object(shape)
    .refine(
      (q) => {
        const range = datesOf(q);
        return range === null || range.from <= range.to;
      },
      { error: reportMessages.fromAfterTo, path: ['to'] },
    )
    .refine(
      (q) => {
        const range = datesOf(q);
        return range === null || daysInRange(range.from, range.to) <= MAX_REPORT_DAYS;
      },
      { error: reportMessages.tooLong, path: ['to'] },
    );
}

export const sellQuery = rangeChecked({
  ...common,
  ...bidFilters,
  ...paged(['date', 'market', 'bet_type', 'bids', 'stakes']),
});
export const winningQuery = rangeChecked({
  ...common,
  ...bidFilters,
  player_id: positiveId.optional(),
  ...paged(['date', 'market', 'payout', 'points']),
});
export const profitLossQuery = rangeChecked({
  ...common,
  ...bidFilters,
  ...paged(['date', 'market', 'stakes', 'payouts', 'house_result']),
});
export const customerSellQuery = rangeChecked({
  ...common,
  ...bidFilters,
  player_id: positiveId.optional(),
  ...paged(['player', 'bids', 'stakes', 'payouts', 'player_net']),
});
export const walletQuery = rangeChecked({
  ...common,
  player_id: positiveId.optional(),
  ...paged(['player', 'opening', 'money_in', 'money_out', 'closing']),
});
export const walletDailyQuery = rangeChecked({ ...common, ...paged(['date']) });
export const transferQuery = rangeChecked({
  ...common,
  /** Transfers this player sent or received. */
  player_id: positiveId.optional(),
  ...paged(['date', 'amount']),
});
const requestStatus = z.enum(['pending', 'approved', 'rejected']);
const moneyRequestFilters = {
  ...common,
  player_id: positiveId.optional(),
  status: requestStatus.optional(),
  /** Which day a request falls on: when it was made, or when it was approved or rejected. */
  date_field: z.enum(['requested', 'decided']).default('requested'),
  ...paged(['date', 'amount']),
};
export const depositQuery = rangeChecked(moneyRequestFilters);
export const withdrawalQuery = rangeChecked(moneyRequestFilters);

const ok = z.literal(true);
const count = z.number().int().nonnegative();
const id = z.number().int().positive();
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** An instant in the market time zone with its offset: `2026-11-20T23:59:00+05:30`. */
const localTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);

/** Every report answers its rows (a page of them for JSON), the totals of all rows, and how many rows there are. */
function reportAnswer<R extends z.ZodType, T extends z.ZodType>(row: R, totals: T) {
  return z.strictObject({
    status: ok,
    from: isoDay,
    to: isoDay,
    time_zone: z.string(),
    rows: z.array(row),
    totals,
    total_rows: count,
    page: z.number().int().min(1),
    page_size: z.number().int().min(1),
  });
}

const marketColumns = {
  market_id: id,
  market_name: z.string(),
  group: marketGroup,
};
const playerColumns = { player_id: id, user_name: z.string(), mobile: z.string() };

export const sellRow = z.strictObject({
  date: isoDay,
  ...marketColumns,
  bet_type: betTypeId,
  bet_label: z.string(),
  session,
  bids: count,
  stakes_paise: paise,
});
export const sellAnswer = reportAnswer(sellRow, z.strictObject({ bids: count, stakes_paise: paise }));

export const winningRow = z.strictObject({
  date: isoDay,
  ...marketColumns,
  bet_type: betTypeId,
  bet_label: z.string(),
  session,
  digits: z.string(),
  close_digits: z.string(),
  /** The declared value that decided the bid (a pana, or the Gali pair). */
  result: z.string(),
  bid_id: id,
  ...playerColumns,
  /** The stake (the bid's points, in paise). */
  points_paise: paise,
  payout_paise: paise,
  placed_at: localTime,
});
export const winningAnswer = reportAnswer(
  winningRow,
  z.strictObject({ winning_bids: count, winners: count, payout_paise: paise }),
);

const profitLossMeasures = {
  bids: count,
  stakes_paise: paise,
  /** Stakes of bids whose draw has no result yet. */
  pending_stakes_paise: paise,
  winning_bids: count,
  /** What winning bids were paid, less what corrected results took back. */
  payouts_paise: paise,
  /** Stakes less payouts. */
  house_result_paise: paise,
};
export const profitLossRow = z.strictObject({ date: isoDay, ...marketColumns, ...profitLossMeasures });
export const profitLossAnswer = reportAnswer(profitLossRow, z.strictObject(profitLossMeasures));

const customerMeasures = {
  bids: count,
  stakes_paise: paise,
  winning_bids: count,
  payouts_paise: paise,
  /** Payouts less stakes: what the player came out with. */
  player_net_paise: paise,
};
export const customerSellRow = z.strictObject({ ...playerColumns, ...customerMeasures });
export const customerSellAnswer = reportAnswer(
  customerSellRow,
  z.strictObject({ players: count, ...customerMeasures }),
);

/**
 * A wallet over the range: opening + money_in - money_out = closing, to the paisa. The columns after `closing`
 * split the same movement by what caused it (each signed: what it did to the wallet), and add up to
 * closing - opening.
 */
const walletMeasures = {
  opening_paise: paise,
  money_in_paise: paise,
  money_out_paise: paise,
  closing_paise: paise,
  deposits_paise: paise,
  withdrawals_paise: paise,
  stakes_paise: paise,
  winnings_paise: paise,
  transfers_paise: paise,
  adjustments_paise: paise,
  debt_repayments_paise: paise,
};
export const walletRow = z.strictObject({ ...playerColumns, ...walletMeasures });
export const walletAnswer = reportAnswer(walletRow, z.strictObject({ players: count, ...walletMeasures }));
export const walletDailyRow = z.strictObject({ date: isoDay, ...walletMeasures });
export const walletDailyAnswer = reportAnswer(walletDailyRow, z.strictObject(walletMeasures));

export const transferRow = z.strictObject({
  transfer_id: id,
  at: localTime,
  from_player_id: id,
  from_name: z.string(),
  from_mobile: z.string(),
  to_player_id: id,
  to_name: z.string(),
  to_mobile: z.string(),
  amount_paise: paise,
});
export const transferAnswer = reportAnswer(
  transferRow,
  z.strictObject({ transfers: count, amount_paise: paise }),
);

const requestColumns = {
  request_id: id,
  requested_at: localTime,
  ...playerColumns,
  amount_paise: paise,
  status: requestStatus,
  decided_at: localTime.nullable(),
  /** The operator who approved or rejected it. */
  decided_by: z.string().nullable(),
};
const statusTotals = z.strictObject({ count, amount_paise: paise });
const requestTotals = z.strictObject({
  requests: count,
  amount_paise: paise,
  approved: statusTotals,
  pending: statusTotals,
  rejected: statusTotals,
});
export const depositRow = z.strictObject({ ...requestColumns, method: z.string() });
export const depositAnswer = reportAnswer(depositRow, requestTotals);
export const withdrawalRow = z.strictObject({
  ...requestColumns,
  method: z.enum(['google_pay', 'paytm', 'phonepe']),
  payout_number: z.string(),
  receipt_url: z.string().nullable(),
});
export const withdrawalAnswer = reportAnswer(withdrawalRow, requestTotals);

const dayMeasures = {
  bids: count,
  stakes_paise: paise,
  pending_stakes_paise: paise,
  payouts_paise: paise,
  house_result_paise: paise,
  /** Distinct players who bid. */
  players: count,
};
const exposureLine = z.strictObject({
  bet_type: betTypeId,
  bet_label: z.string(),
  session,
  digits: z.string(),
  close_digits: z.string(),
  bids: count,
  stakes_paise: paise,
  /** What these bids would pay if this number came. */
  payout_paise: paise,
});
export const dashboardAnswer = z.strictObject({
  status: ok,
  /** Today, the market day the figures cover. */
  date: isoDay,
  time_zone: z.string(),
  server_time: z.string(),
  totals: z.strictObject(dayMeasures),
  groups: z.array(z.strictObject({ group: marketGroup, ...dayMeasures })),
  markets: z.array(z.strictObject({ ...marketColumns, ...dayMeasures })),
  /** Bids placed in each hour of today, 0 to 23. */
  stakes_by_hour: z.array(
    z.strictObject({ hour: z.number().int().min(0).max(23), bids: count, stakes_paise: paise }),
  ),
  deposits: z.strictObject({
    /** Approved today. */
    approved: statusTotals,
    /** Waiting for an operator now, whenever they were made. */
    pending: statusTotals,
  }),
  withdrawals: z.strictObject({ approved: statusTotals, pending: statusTotals }),
  /**
   * Debt from corrected results, now: owed by open accounts, and written off on closed accounts whose phone has
   * not registered again (it comes back, owed, if it does).
   */
  debts: z.strictObject({ owed: statusTotals, written_off: statusTotals }),
  /** Today's draws without a result, soonest first: still taking bids (`open`) or waiting for the result. */
  next_draws: z.array(
    z.strictObject({
      ...marketColumns,
      date: isoDay,
      half: z.enum(['open', 'close', 'single']),
      draw_at: localTime,
      status: z.enum(['open', 'awaiting_result']),
      bids: count,
      pending_stakes_paise: paise,
      /** The numbers that would cost the most if they came, largest first (at most five). */
      top_exposure: z.array(exposureLine),
    }),
  ),
});

export type SellQuery = z.output<typeof sellQuery>;
export type WinningQuery = z.output<typeof winningQuery>;
export type ProfitLossQuery = z.output<typeof profitLossQuery>;
export type CustomerSellQuery = z.output<typeof customerSellQuery>;
export type WalletQuery = z.output<typeof walletQuery>;
export type WalletDailyQuery = z.output<typeof walletDailyQuery>;
export type TransferQuery = z.output<typeof transferQuery>;
export type MoneyRequestQuery = z.output<typeof depositQuery>;
export type DashboardAnswer = z.input<typeof dashboardAnswer>;
