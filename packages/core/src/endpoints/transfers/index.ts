/** Points from one player to another (spec 01 section 5): the recipient check, then the transfer. */
import { z } from 'zod';
import { transferCheckRequest, transferRequest } from '../../contract/funds.ts';
import { endpoint } from '../define.ts';

const ok = z.literal(true);

export const recipientAnswer = z.strictObject({
  status: ok,
  /** Masked by the server: the sender sees only enough to recognise the person. */
  user_name: z.string(),
});

export const transferredAnswer = z.strictObject({
  status: ok,
  msg: z.string(),
  transfer_id: z.number().int(),
});

const domain = 'transfers';

export const transferEndpoints = {
  checkRecipient: endpoint({
    domain,
    method: 'POST',
    path: '/api-check-user-for-transfer-amt',
    access: 'betting',
    summary: 'Look up the recipient of a transfer by phone (masked name)',
    body: transferCheckRequest,
    response: recipientAnswer,
    errors: ['VALIDATION', 'NOT_FOUND', 'RATE_LIMITED', 'TRANSFER_TO_SELF'],
  }),
  transfer: endpoint({
    domain,
    method: 'POST',
    path: '/api-user-transfer-wallet-balance',
    access: 'betting',
    summary: "Move points from the session player's wallet to another player's",
    body: transferRequest,
    response: transferredAnswer,
    errors: [
      'VALIDATION',
      'NOT_FOUND',
      'IDEMPOTENCY_MISMATCH',
      'IDEMPOTENCY_IN_PROGRESS',
      'TRANSFERS_STOPPED',
      'ACCOUNT_BLOCKED',
      'TRANSFER_TO_SELF',
      'TRANSFER_BELOW_MIN',
      'TRANSFER_OVER_BALANCE',
      'RATE_LIMITED',
      'DEBT_BLOCKED',
      'BREAK_RUNNING',
    ],
    idempotent: true,
  }),
};
