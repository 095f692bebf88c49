import type { BankDetails } from '@gama/core/contract/funds-types';
import {
  addUpiDetailsRequest,
  fundRequestAdd,
  sendWithdrawOtpRequest,
  transferCheckRequest,
  transferRequest,
  withdrawRequest,
} from '@gama/core/contract/funds';
import { fundsMessages } from '@gama/core/contract/funds-messages';
import { formatPaise } from '@gama/core/rules/money';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { legacyRoute } from '../../http/legacy.ts';
import { getSetting } from '../content/settings.ts';
import { idempotencyKeyFrom } from '../ledger/idempotency.ts';
import { checkRecipient, transferPoints } from '../transfers/service.ts';
import { walletHistory } from '../wallet/service.ts';
import { requestDeposit } from './deposits.ts';
import { paymentDetails, savePayoutMethod, sendPayoutCode } from './payout-methods.ts';
import { requestWithdrawal, withdrawHistory } from './withdrawals.ts';

/** Wallet, deposits, payout numbers, withdrawals and transfers: all gated by betting_status "1" (spec 01 section 6). */
export function fundsRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const { db, config } = deps;
  const zone = config.MARKET_TIME_ZONE;
  let qrCache: { upiId: string; svg: string } | undefined;

  legacyRoute(app, '/api-wallet-transaction-history', { auth: 'betting' }, async ({ player }) => {
    const history = await walletHistory(db, player.id, zone);
    return {
      status: true,
      transaction_history: history.rows,
      wallet_amt: formatPaise(history.balance),
      opening_balance: formatPaise(history.opening),
    };
  });

  legacyRoute(app, '/apiGetawayStatus', { auth: 'public' }, async () => {
    const deposit = await getSetting(db, 'deposit');
    return { status: true, getaway_status: deposit.getaway_status };
  });

  legacyRoute(app, '/api-admin-bank-details', { auth: 'public' }, async () => {
    const payments = await getSetting(db, 'payments');
    return {
      status: true,
      bank_details: [payments.bank_details] satisfies BankDetails[],
      msg: 'Bank details',
    };
  });

  legacyRoute(app, '/api-get-qr-pay', { auth: 'public' }, async () => {
    const { qr } = await getSetting(db, 'payments');
    if (!qr.upi_id) return { status: true, qrdata: [{ qr_image: '', upi_id: '' }] };
    if (qrCache?.upiId !== qr.upi_id) {
      const link = `upi://pay?pa=${encodeURIComponent(qr.upi_id)}&pn=${encodeURIComponent(qr.payee_name)}&cu=INR`;
      const svg = await QRCode.toString(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      qrCache = { upiId: qr.upi_id, svg: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    }
    return { status: true, qrdata: [{ qr_image: qrCache.svg, upi_id: qr.upi_id }] };
  });

  legacyRoute(app, '/api-last-fund-request-detail', { auth: 'betting' }, async () => {
    const deposit = await getSetting(db, 'deposit');
    return { status: true, min_amt: String(deposit.min_amt), msg: 'Minimum deposit' };
  });

  legacyRoute(app, '/api-fund-request-add', { auth: 'betting', schema: fundRequestAdd }, async (ctx) => {
    const raw = ctx.request.body as Record<string, unknown>;
    return requestDeposit(
      deps,
      ctx.player.id,
      ctx.body.request_amount,
      idempotencyKeyFrom(ctx.request, raw),
      ctx.body,
    );
  });

  legacyRoute(app, '/api-get-user-payment-details', { auth: 'betting' }, async ({ player }) => {
    const details = await paymentDetails(db, player.id);
    const saved = details.google_pay_number || details.paytm_number || details.phone_pay_number;
    return {
      status: true,
      payment_details: details,
      msg: saved ? 'Payment details' : fundsMessages.noPaymentMethods,
    };
  });

  legacyRoute(
    app,
    '/api-send-withdraw-otp',
    { auth: 'betting', schema: sendWithdrawOtpRequest },
    async (ctx) => {
      await sendPayoutCode(deps, ctx.player, ctx.body.upi_type, ctx.body.number, ctx.request.ip);
      return { status: true, msg: fundsMessages.otpSent, mobile: ctx.player.mobile };
    },
  );

  legacyRoute(
    app,
    '/api-add-user-upi-details',
    { auth: 'betting', schema: addUpiDetailsRequest },
    async (ctx) => {
      await savePayoutMethod(deps, ctx.player, ctx.body);
      return { status: true, msg: fundsMessages.upiAdded };
    },
  );

  legacyRoute(
    app,
    '/api-user-withdraw-fund-request',
    { auth: 'betting', schema: withdrawRequest },
    async (ctx) => {
      const raw = ctx.request.body as Record<string, unknown>;
      return requestWithdrawal(
        deps,
        ctx.player.id,
        { points: ctx.body.request_amount, method: ctx.body.payment_method },
        idempotencyKeyFrom(ctx.request, raw),
        ctx.body,
      );
    },
  );

  // The legacy body names a mobile_no; the history is always the session's own (S8).
  legacyRoute(app, '/api-user-withdraw-transaction-history', { auth: 'betting' }, async ({ player }) => ({
    status: true,
    withdrawdata: await withdrawHistory(db, player.id, zone),
  }));

  legacyRoute(
    app,
    '/api-check-user-for-transfer-amt',
    { auth: 'betting', schema: transferCheckRequest },
    async (ctx) => ({
      status: true,
      user_name: await checkRecipient(deps, ctx.player, ctx.body.mobile_no),
    }),
  );

  legacyRoute(
    app,
    '/api-user-transfer-wallet-balance',
    { auth: 'betting', schema: transferRequest },
    async (ctx) => {
      const raw = ctx.request.body as Record<string, unknown>;
      return transferPoints(
        deps,
        ctx.player,
        { mobile: ctx.body.mobile_no, points: ctx.body.amount },
        idempotencyKeyFrom(ctx.request, raw),
        ctx.body,
      );
    },
  );
}
