/**
 * The results desk (issue 14): today's draws, preview, declare (with the two-person rule), approve or reject a
 * waiting declaration, revert with a reason after seeing what it reverses, result history and exposure.
 * Amounts are integer paise in `*_paise` fields (decision 046); times are ISO 8601 instants; dates are
 * `YYYY-MM-DD` market dates.
 */
import { z } from 'zod';
import { numberOrText } from '../../contract/numbers.ts';
import { endpoint } from '../define.ts';
import { formatField, pageAnswerFields, pageQuery, paise } from '../paging.ts';

const ok = z.literal(true);
const domain = 'results';

/** What the results desk answers, server and console alike. */
export const resultMessages = {
  openFirst: 'Please Declare Open Result First',
  alreadyDeclared: 'Result already declared',
  badPana: 'Please enter one of the 220 panas',
  badGali: 'Please enter two digits, 00 to 99',
  halfRequired: 'Choose the open or close half',
  noHalf: 'This market has a single result; leave half out',
  badDate: 'Date must be YYYY-MM-DD',
  tooEarly: 'Bidding for this draw is still open; declare after its time',
  noDraw: 'The market does not draw on this day',
  nothingToRevert: 'No declared result to revert',
  revertInProgress: 'A revert of this result is in progress; run revert again to finish it',
  marketNotFound: 'Market not found',
  declarationPending: (value: string, maker: string) =>
    `A declaration of this draw (${value} by ${maker}) is waiting for approval; approve or reject it first`,
  declarationNotFound: 'Declaration not found',
  ownDeclaration: 'You made this declaration; another operator must approve it',
  declarationRejected: 'This declaration was rejected; declare the draw again',
  declarationSuperseded: 'This draw was declared meanwhile; this declaration is closed without paying',
  declarationApproved: 'This declaration was approved already; revert the result to correct it',
  revertReason: 'Give a reason for the revert (at least 5 characters)',
  rejectReason: 'Give a reason for the rejection (at least 3 characters)',
  revertPending: (maker: string) =>
    `A revert of this draw proposed by ${maker} is waiting for approval; approve or reject it first`,
  revertProposalNotFound: 'Revert proposal not found',
  ownRevert: 'You proposed this revert; another operator must approve it',
  revertProposalRejected: 'This revert was rejected; propose it again',
  revertProposalApproved: 'This revert was approved already',
} as const;

const id = () =>
  numberOrText().pipe(z.coerce.number<string | number>().int().positive().max(Number.MAX_SAFE_INTEGER));
const isoDate = z.string().max(10);
const group = z.enum(['main', 'starline', 'gali']);
/** `open` / `close` on main markets; left out for a Starline slot or a Gali market (one draw a day). */
const halfInput = z.enum(['open', 'close']).optional();
/** How a draw is named in answers: Starline and Gali draws are `single`. */
const half = z.enum(['open', 'close', 'single']);
const instant = z.string();
const count = z.number().int().nonnegative();

const draw = { market_id: id(), date: isoDate, half: halfInput };

export const declareBody = z.object({ ...draw, value: z.string().max(3) });
export const revertTargetBody = z.object(draw);
export const revertBody = z.object({
  ...draw,
  reason: z
    .string({ error: resultMessages.revertReason })
    .trim()
    .min(5, { error: resultMessages.revertReason })
    .max(500),
});
export const declarationBody = z.object({ declaration_id: id() });
export const rejectBody = z.object({
  declaration_id: id(),
  reason: z
    .string({ error: resultMessages.rejectReason })
    .trim()
    .min(3, { error: resultMessages.rejectReason })
    .max(500),
});
export const resultsQuery = z.object({ market_id: id(), date: isoDate.optional() });
/** `number` orders by bet type, session and number; the others by their figure. */
export const exposureSorts = ['payout', 'stakes', 'bids', 'number'] as const;
export const exposureQuery = z.object({
  market_id: id(),
  date: isoDate,
  /** Only the bids one draw decides (`single` for Starline and Gali); both halves of a main market without it. */
  half: half.optional(),
  bet_type: z.string().max(40).optional(),
  ...pageQuery(exposureSorts, 'payout'),
  ...formatField,
});
export const boardQuery = z.object({ date: isoDate.optional(), group: group.optional() });
export const declarationStates = ['pending_approval', 'declared', 'rejected', 'superseded'] as const;
export const declarationsQuery = z.object({
  /** `pending` is short for `pending_approval`; `all` lists every state. */
  state: z.enum(['pending', ...declarationStates, 'all']).default('pending'),
  market_id: id().optional(),
  date: isoDate.optional(),
  limit: numberOrText().pipe(z.coerce.number<string | number>().int().min(1).max(200)).default(50),
  offset: numberOrText().pipe(z.coerce.number<string | number>().int().min(0).max(1_000_000)).default(0),
});

/** What a candidate value would do to the draw's pending bids; `house` is stakes minus payout. */
export const previewFigures = z.strictObject({
  bids: count,
  winners: count,
  payout_paise: paise,
  stakes_paise: paise,
  house_paise: paise,
});

const operatorRef = z.strictObject({ id: z.number().int(), username: z.string() });

export const declaration = z.strictObject({
  declaration_id: z.number().int(),
  market_id: z.number().int(),
  market_name: z.string(),
  group,
  date: z.string(),
  half,
  value: z.string(),
  state: z.enum(declarationStates),
  maker: operatorRef,
  created_at: instant,
  /** Figures when it was made (the approver can preview again for current ones). */
  preview: previewFigures,
  /** Who approved or rejected it; null while pending and for a superseded one. */
  checker: operatorRef.nullable(),
  decided_at: instant.nullable(),
  reason: z.string().nullable(),
  result_id: z.number().int().nullable(),
});

const declared = z.strictObject({
  status: ok,
  state: z.literal('declared'),
  result_id: z.number().int(),
  /** Bids decided by this call (0 on a retry of a finished declaration). */
  settled: count,
  wins: count,
  /** The declaration existed already: this call continued or repeated it. */
  resumed: z.boolean(),
});

export const declareAnswer = z.discriminatedUnion('state', [
  declared,
  z.strictObject({
    status: ok,
    state: z.literal('pending_approval'),
    declaration_id: z.number().int(),
    resumed: z.boolean(),
    preview: previewFigures,
  }),
]);

export const approveAnswer = declared.extend({ declaration_id: z.number().int() });

export const rejectAnswer = z.strictObject({
  status: ok,
  state: z.literal('rejected'),
  declaration_id: z.number().int(),
});

export const previewAnswer = previewFigures.extend({ status: ok });

export const resultRow = z.strictObject({
  id: z.number().int(),
  market_id: z.number().int(),
  market_date: z.string(),
  half,
  value: z.string(),
  declared_by: z.number().int().nullable(),
  declared_at: instant,
  settled_at: instant.nullable(),
  revert_started_at: instant.nullable(),
  reverted_at: instant.nullable(),
  reverted_by: z.number().int().nullable(),
  revert_reason: z.string().nullable(),
});

export const exposureRow = z.strictObject({
  bet_type: z.string(),
  session: z.string(),
  half,
  digits: z.string(),
  close_digits: z.string(),
  bids: count,
  stakes_paise: paise,
  /** What these bids would pay if their number came. */
  payout_paise: paise,
});

/**
 * One number of a draw in the full exposure view: every bid on it (pending or decided) with what it would pay
 * if the number came. `outcome` is `pending` until the draw's live result has settled it. The row is keyed by
 * group (in the answer), bet type and number, which is what a per-number liability cap is set on.
 */
export const exposureNumber = exposureRow.extend({
  outcome: z.enum(['pending', 'won', 'lost']),
  /**
   * The owner's liability cap on this number (per group and the rate field the row pays at; issue 16), null
   * without one, and what the draw owes on the number against it: every bid paying at that rate field, so a
   * Single Pana row of an SP Motor counts with the Single Pana rows. `cap_used_paise` is null without a cap (a number
   * without one keeps no exposure) and before the first bid under the cap reserved some.
   */
  cap_paise: paise.nullable(),
  cap_used_paise: paise.nullable(),
});

export const exposureAnswer = z.strictObject({
  status: ok,
  market_id: z.number().int(),
  market_name: z.string(),
  group,
  date: z.string(),
  /** The live results of the draws asked about (both halves of a main market without `half`). */
  results: z.array(z.strictObject({ half, value: z.string(), declared_at: instant })),
  /** Over every row the filters select, not only this page. */
  bids: count,
  stakes_paise: paise,
  pending_bids: count,
  pending_stakes_paise: paise,
  /** Credited to winners by the live results. */
  paid_paise: paise,
  /** Stakes minus what was paid, once every draw asked about is declared and settled; null before. */
  house_paise: paise.nullable(),
  ...pageAnswerFields,
  exposure: z.array(exposureNumber),
});

export const drawStates = [
  'bidding_open',
  'closed_awaiting_result',
  'pending_approval',
  'declared',
  'no_draw',
] as const;

export const boardDraw = z.strictObject({
  half,
  /** The draw's time on the market's clock (`10:00 AM`); bidding for it ends then. */
  draw_time: z.string(),
  /** The draw falls after midnight, on the next calendar day (an overnight main market's close). */
  next_day: z.boolean(),
  state: z.enum(drawStates),
  result: z
    .strictObject({ result_id: z.number().int(), value: z.string(), declared_at: instant, paid_paise: paise })
    .nullable(),
  pending: z
    .strictObject({
      declaration_id: z.number().int(),
      value: z.string(),
      maker: operatorRef,
      created_at: instant,
    })
    .nullable(),
  /**
   * The draw's latest declaration when a checker rejected it and nothing was declared since: the maker reads
   * why before declaring again.
   */
  rejected: z
    .strictObject({
      declaration_id: z.number().int(),
      value: z.string(),
      maker: operatorRef,
      checker: operatorRef.nullable(),
      reason: z.string().nullable(),
      decided_at: instant,
    })
    .nullable(),
  /** Bids this draw decides that are not decided yet. */
  pending_bids: count,
  pending_stakes_paise: paise,
  /** The costliest numbers for the house among those bids (at most 3); the exposure call has the rest. */
  top_exposure: z.array(exposureRow),
});

export const boardMarket = z.strictObject({
  market_id: z.number().int(),
  name: z.string(),
  group,
  active: z.boolean(),
  draws: z.array(boardDraw),
});

export const boardAnswer = z.strictObject({
  status: ok,
  date: z.string(),
  server_time: instant,
  time_zone: z.string(),
  /** `results_two_person`: a declaration waits for a second operator. */
  two_person: z.boolean(),
  markets: z.array(boardMarket),
});

export const revertPreviewAnswer = z.strictObject({
  status: ok,
  /** Revisions the revert would undo, in the order it would undo them (the close before the open). */
  results: z.array(
    z.strictObject({
      result_id: z.number().int(),
      half,
      value: z.string(),
      declared_at: instant,
      /** Bids it decided, which read as pending again afterwards. */
      bids: count,
      winners: count,
      take_back_paise: paise,
    }),
  ),
  bids: count,
  winners: count,
  /** Winnings to be reversed in total; each player's wallet pays what it holds, the rest becomes debt. */
  take_back_paise: paise,
  from_wallets_paise: paise,
  into_debt_paise: paise,
  /** Players whose balance does not cover what is taken back (decision 003: the rest is recorded as debt). */
  players_into_debt: z.array(
    z.strictObject({
      player_id: z.number().int(),
      user_name: z.string(),
      mobile: z.string(),
      balance_paise: paise,
      take_back_paise: paise,
      debt_after_paise: paise,
    }),
  ),
});

const revertedRevisions = z.array(
  z.strictObject({ result_id: z.number().int(), half, reversed: count, reopened: count }),
);

export const revertProposalStates = ['pending_approval', 'reverted', 'rejected'] as const;

/** A revert under the two-person rule: it moves nothing until an operator other than its maker approves it. */
export const revertProposal = z.strictObject({
  proposal_id: z.number().int(),
  market_id: z.number().int(),
  market_name: z.string(),
  group,
  date: z.string(),
  half: z.enum(['open', 'close']).nullable(),
  reason: z.string(),
  state: z.enum(revertProposalStates),
  maker: operatorRef,
  created_at: instant,
  checker: operatorRef.nullable(),
  decided_at: instant.nullable(),
  decision_reason: z.string().nullable(),
});
export type RevertProposal = z.output<typeof revertProposal>;

export const revertAnswer = z.union([
  z.strictObject({ status: ok, reverted: revertedRevisions }),
  z.strictObject({ status: ok, state: z.literal('pending_approval'), proposal: revertProposal }),
]);

export const revertProposalBody = z.object({ proposal_id: id() });
export const revertRejectBody = z.object({
  proposal_id: id(),
  reason: z
    .string({ error: resultMessages.rejectReason })
    .trim()
    .min(3, { error: resultMessages.rejectReason })
    .max(500),
});
export const revertApproveAnswer = z.strictObject({
  status: ok,
  proposal: revertProposal,
  reverted: revertedRevisions,
});

/** The import of past results (issue 31 item 4): a CSV pasted or picked in the console, at most this large. */
export const IMPORT_MAX_LINES = 2000;
export const IMPORT_MAX_CHARS = 200_000;
export const importCsvMessages = {
  empty: 'Paste or choose a CSV with at least one line',
  tooLarge: `The CSV is too large: at most ${IMPORT_MAX_LINES.toLocaleString('en-US')} lines and 200 KB`,
  twoPerson: 'Results need two operators (owner setting): only an owner may import past results',
} as const;
/**
 * The body of an import: the longest text the schema takes, at four bytes a character in UTF-8 (a character
 * outside the BMP is two of the schema's units and four bytes), and its envelope; anything the schema refuses
 * by its length then gets the schema's message, not the server's bare size limit.
 */
const IMPORT_BODY_LIMIT = 4 * IMPORT_MAX_CHARS + 64 * 1024;
export const importBody = z.object({
  market_id: id(),
  csv: z
    .string({ error: importCsvMessages.empty })
    .max(IMPORT_MAX_CHARS, { error: importCsvMessages.tooLarge })
    .refine((text) => text.trim().length > 0, { error: importCsvMessages.empty })
    .refine((text) => text.split('\n').length <= IMPORT_MAX_LINES, { error: importCsvMessages.tooLarge }),
});
export const importLineStates = ['ok', 'recorded', 'unchanged', 'refused'] as const;
export const importLine = z.strictObject({
  /** 1-based, counting every line of the text (a header and blank lines too), as an editor numbers them. */
  line: count,
  text: z.string(),
  date: z.string().nullable(),
  /** `ok`: a preview would record it; `recorded`: the import did. */
  state: z.enum(importLineStates),
  msg: z.string().nullable(),
});
export const importAnswer = z.strictObject({
  status: ok,
  market_id: z.number().int(),
  format: z.enum(['date,open,close', 'date,result']),
  lines: z.array(importLine),
  counts: z.strictObject({ ok: count, recorded: count, unchanged: count, refused: count }),
});
export const exportQuery = z.object({
  market_id: id(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  format: z.enum(['csv', 'json']).default('csv'),
});

export const resultsEndpoints = {
  resultsBoard: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/results/board',
    access: 'operator',
    permission: 'results.read',
    summary:
      "The day's draws of every market (default: today on the market clock), each with its state, result, " +
      'waiting declaration, pending bids and stakes, and its costliest numbers',
    query: boardQuery,
    response: boardAnswer,
    errors: ['VALIDATION', 'RESULT_DATE_INVALID'],
  }),
  resultsPreview: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/results/preview',
    access: 'operator',
    permission: 'results.declare',
    summary:
      'What a candidate value would do, before anything moves: pending bids, winners, total payout, total ' +
      'stakes and the house result (stakes minus payout)',
    body: declareBody,
    response: previewAnswer,
    errors: [
      'VALIDATION',
      'NOT_FOUND',
      'RESULT_DATE_INVALID',
      'RESULT_HALF_REQUIRED',
      'RESULT_NO_HALF',
      'RESULT_GALI_INVALID',
      'RESULT_PANA_INVALID',
      'RESULT_OPEN_FIRST',
      'RESULT_TOO_EARLY',
      'RESULT_NO_DRAW',
    ],
  }),
  resultsDeclare: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/results/declare',
    access: 'operator',
    permission: 'results.declare',
    summary:
      'Declare a draw. With `results_two_person` on it answers state "pending_approval" and pays nothing until ' +
      'another operator approves; off, it declares and settles at once (state "declared"). Repeating it ' +
      'continues the same declaration',
    body: declareBody,
    response: declareAnswer,
    errors: [
      'VALIDATION',
      'NOT_FOUND',
      'RESULT_OPEN_FIRST',
      'RESULT_PANA_INVALID',
      'RESULT_ALREADY_DECLARED',
      'RESULT_TOO_EARLY',
      'RESULT_HALF_REQUIRED',
      'RESULT_GALI_INVALID',
      'DECLARATION_PENDING',
      'RESULT_NO_DRAW',
      'RESULT_DATE_INVALID',
      'RESULT_NO_HALF',
      'REVERT_IN_PROGRESS',
    ],
  }),
  resultsApprove: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/results/approve',
    access: 'operator',
    permission: 'results.approve',
    summary:
      'Approve a waiting declaration (not one you made): declares and settles it exactly once, however often ' +
      'it is repeated',
    body: declarationBody,
    response: approveAnswer,
    errors: [
      'VALIDATION',
      'NOT_FOUND',
      'OWN_DECLARATION',
      'DECLARATION_REJECTED',
      'DECLARATION_SUPERSEDED',
      'REVERT_IN_PROGRESS',
      'RESULT_OPEN_FIRST',
    ],
  }),
  resultsReject: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/results/reject',
    access: 'operator',
    permission: 'results.approve',
    summary: 'Reject a waiting declaration with a reason; nothing is paid',
    body: rejectBody,
    response: rejectAnswer,
    errors: ['VALIDATION', 'NOT_FOUND', 'DECLARATION_APPROVED'],
  }),
  resultsDeclarations: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/results/declarations',
    access: 'operator',
    permission: 'results.read',
    summary: 'Declarations by state (default: waiting for approval), newest first',
    query: declarationsQuery,
    response: z.strictObject({ status: ok, total: count, declarations: z.array(declaration) }),
    errors: ['VALIDATION', 'RESULT_DATE_INVALID'],
  }),
  resultsRevertPreview: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/results/revert-preview',
    access: 'operator',
    permission: 'results.revert',
    summary:
      'What a revert would reverse, before anything moves: the revisions, their bids and winners, the total ' +
      'taken back and the players it would put into debt',
    body: revertTargetBody,
    response: revertPreviewAnswer,
    errors: ['VALIDATION', 'NOT_FOUND', 'RESULT_DATE_INVALID'],
  }),
  resultsRevert: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/results/revert',
    access: 'operator',
    permission: 'results.revert',
    summary:
      'Revert the latest declaration of a draw with a reason (reverting the open reverts the close first); ' +
      'its winnings are taken back and its bids read as pending again. Under the two-person rule it is a ' +
      'proposal that another operator approves',
    body: revertBody,
    response: revertAnswer,
    errors: ['VALIDATION', 'NOT_FOUND', 'REVERT_PENDING', 'RESULT_DATE_INVALID'],
  }),
  resultsRevertProposals: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/results/revert-proposals',
    access: 'operator',
    permission: 'results.read',
    summary: 'Revert proposals (two-person rule) by state (default: waiting for approval), newest first',
    query: z.object({ state: z.enum(['pending', 'all']).default('pending') }),
    response: z.strictObject({ status: ok, proposals: z.array(revertProposal) }),
    errors: ['VALIDATION'],
  }),
  resultsRevertApprove: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/results/revert-approve',
    access: 'operator',
    permission: 'results.revert',
    summary: "Approve another operator's revert proposal: the revert is made as a direct revert is",
    body: revertProposalBody,
    response: revertApproveAnswer,
    errors: ['NOT_FOUND', 'OWN_REVERT', 'REVERT_PROPOSAL_REJECTED'],
  }),
  resultsRevertReject: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/results/revert-reject',
    access: 'operator',
    permission: 'results.revert',
    summary: 'Reject a revert proposal with a reason: nothing is reverted',
    body: revertRejectBody,
    response: z.strictObject({ status: ok, proposal: revertProposal }),
    errors: ['NOT_FOUND', 'REVERT_PROPOSAL_APPROVED'],
  }),
  resultsHistory: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/results',
    access: 'operator',
    permission: 'results.read',
    summary: 'Every declaration of a market (reverted ones included), newest first',
    query: resultsQuery,
    response: z.strictObject({ status: ok, results: z.array(resultRow) }),
    errors: ['VALIDATION', 'RESULT_DATE_INVALID'],
  }),
  resultsImportPreview: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/results/import/preview',
    access: 'operator',
    permission: 'results.declare',
    summary:
      "What importing a market's past results would do, line by line (ok, unchanged or refused with the " +
      'reason), writing nothing. Lines are `date,open,close` for a main market (close may be empty) and ' +
      '`date,result` for Starline and Gali; dates YYYY-MM-DD or DD-MM-YYYY; a header line is skipped',
    body: importBody,
    bodyLimit: IMPORT_BODY_LIMIT,
    response: importAnswer,
    errors: ['VALIDATION', 'NOT_FOUND'],
  }),
  resultsImport: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/results/import',
    access: 'operator',
    permission: 'results.declare',
    summary:
      'Import past results: the lines a preview calls ok are declared (a day with bids settles once), the ' +
      'others are skipped and reported; a draw already declared is never overwritten, so a second run is all ' +
      'unchanged. Under `results_two_person` only an owner may import',
    body: importBody,
    bodyLimit: IMPORT_BODY_LIMIT,
    response: importAnswer,
    errors: [
      'VALIDATION',
      'NOT_FOUND',
      'IMPORT_TWO_PERSON',
      'REVERT_IN_PROGRESS',
      'RESULT_OPEN_FIRST',
      'RESULT_ALREADY_DECLARED',
      'RESULT_TOO_EARLY',
      'RESULT_NO_DRAW',
      'RESULT_GALI_INVALID',
      'RESULT_PANA_INVALID',
    ],
  }),
  resultsExport: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/results/export',
    access: 'operator',
    permission: 'results.read',
    summary:
      "A market's live results as CSV in the import's format (default: the last year), so an export imports " +
      'back as all unchanged; format=json answers the same text in `csv`',
    query: exportQuery,
    response: z.strictObject({ status: ok, csv: z.string() }),
    produces: 'text/csv',
    errors: ['VALIDATION', 'NOT_FOUND', 'RESULT_DATE_INVALID', 'EXPORT_TOO_LARGE'],
  }),
  resultsExposure: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/results/exposure',
    access: 'operator',
    permission: 'results.read',
    summary:
      "The house's exposure on a draw: every number bet on with its bids, stakes and what it would pay if it " +
      'came, its outcome once declared, and the totals (the house result once every draw asked about is ' +
      'settled); paged and sorted; format=csv exports every row',
    query: exposureQuery,
    response: exposureAnswer,
    produces: 'text/csv',
    errors: ['VALIDATION', 'NOT_FOUND', 'RESULT_DATE_INVALID', 'EXPORT_TOO_LARGE'],
  }),
};

export type BoardResponse = z.output<typeof boardAnswer>;
export type Declaration = z.output<typeof declaration>;
export type PreviewFigures = z.output<typeof previewFigures>;
export type RevertPreviewResponse = z.output<typeof revertPreviewAnswer>;
export type ResultRowResponse = z.output<typeof resultRow>;
export type ExposureRow = z.output<typeof exposureRow>;
export type ExposureResponse = z.output<typeof exposureAnswer>;
export type ImportResponse = z.output<typeof importAnswer>;
export type ImportLine = z.output<typeof importLine>;
