import { fundsMessages } from '@gama/core/contract/funds-messages';
import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { playerQrImage, uploadedQr } from '../content/qr.ts';
import { getSetting } from '../content/settings.ts';
import { idempotencyKeyFrom } from '../ledger/idempotency.ts';
import { requestDeposit } from './deposits.ts';
import { paymentDetails, savePayoutMethod, sendPayoutCode } from './payout-methods.ts';
import { requestWithdrawal, withdrawHistory } from './withdrawals.ts';

/** Deposits, payout numbers and withdrawals: the personal ones gated by betting_status "1" (spec 01 section 6). */
export function fundsRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const { db, config } = deps;
  const zone = config.MARKET_TIME_ZONE;

  route(app, endpoints.gatewayStatus, async () => {
    const deposit = await getSetting(db, 'deposit');
    return { status: true, getaway_status: deposit.getaway_status };
  });

  route(app, endpoints.bankDetails, async () => {
    const payments = await getSetting(db, 'payments');
    return { status: true, bank_details: [payments.bank_details], msg: 'Bank details' };
  });

  route(app, endpoints.qrPay, async () => {
    const { qr } = await getSetting(db, 'payments');
    // An image the operator uploaded (their bank's QR) is shown as it is; otherwise one is made from the UPI id.
    const qr_image = await playerQrImage(await uploadedQr(db), qr);
    return { status: true, qrdata: [{ qr_image, upi_id: qr_image ? qr.upi_id : '' }] };
  });

  route(app, endpoints.minDeposit, async () => {
    const deposit = await getSetting(db, 'deposit');
    return { status: true, min_amt: String(deposit.min_amt), msg: 'Minimum deposit' };
  });

  route(app, endpoints.requestDeposit, async ({ body, raw, request, player }) =>
    requestDeposit(deps, player.id, body.request_amount, idempotencyKeyFrom(request, raw), body),
  );

  route(app, endpoints.paymentDetails, async ({ player }) => {
    const details = await paymentDetails(db, player.id);
    const saved = details.google_pay_number || details.paytm_number || details.phone_pay_number;
    return {
      status: true,
      payment_details: details,
      msg: saved ? 'Payment details' : fundsMessages.noPaymentMethods,
    };
  });

  route(app, endpoints.sendWithdrawOtp, async ({ body, request, player }) => {
    await sendPayoutCode(deps, player, body.upi_type, body.number, request.ip);
    return { status: true, msg: fundsMessages.otpSent, mobile: player.mobile };
  });

  route(app, endpoints.addUpiDetails, async ({ body, player }) => {
    await savePayoutMethod(deps, player, body);
    return { status: true, msg: fundsMessages.upiAdded };
  });

  route(app, endpoints.requestWithdrawal, async ({ body, raw, request, player }) =>
    requestWithdrawal(
      deps,
      player.id,
      { points: body.request_amount, method: body.payment_method },
      idempotencyKeyFrom(request, raw),
      body,
    ),
  );

  route(app, endpoints.withdrawHistory, async ({ player }) => ({
    status: true,
    withdrawdata: await withdrawHistory(db, player.id, zone),
  }));
}
