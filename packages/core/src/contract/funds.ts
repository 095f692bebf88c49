/**
 * Wallet, funds, withdrawals and transfers: the spec's texts (spec 01 sections 5 and 8) and request shapes.
 * Amounts in requests are whole points; responses carry points as display strings.
 */
import { z } from 'zod';
import { fundsMessages } from './funds-messages.ts';
import { upiTypes, withdrawMethods } from './funds-types.ts';
import { PHONE_PATTERN } from './validation.ts';

/** Whole points as typed: digits only (a JSON number is accepted too). Range rules live in the services. */
const pointsField = (required: string) =>
  z.union([z.string(), z.number()], { error: required }).transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    if (!/^\d{1,10}$/.test(text) || !Number.isSafeInteger(Number(text))) {
      ctx.addIssue({ code: 'custom', message: fundsMessages.pointsInvalid });
      return z.NEVER;
    }
    return Number(text);
  });

const upiNumber = z
  .string({ error: fundsMessages.upiPhoneRequired })
  .trim()
  .min(1, { error: fundsMessages.upiPhoneRequired })
  .regex(PHONE_PATTERN, { error: fundsMessages.upiPhoneInvalid });

export const fundRequestAdd = z.object({ request_amount: pointsField(fundsMessages.withdrawAmountRequired) });

export const sendWithdrawOtpRequest = z.object({
  upi_type: z.enum(upiTypes, { error: fundsMessages.selectPaymentMethod }),
  number: upiNumber,
});

export const addUpiDetailsRequest = z
  .object({
    upi_type: z.enum(upiTypes, { error: fundsMessages.selectPaymentMethod }),
    paytm_no: z.string().optional(),
    google_pay_no: z.string().optional(),
    phon_pay_no: z.string().optional(),
    otp: z
      .string({ error: fundsMessages.enterValidOtp })
      .regex(/^\d{4}$/, { error: fundsMessages.enterValidOtp }),
  })
  .transform((body, ctx) => {
    const raw =
      body.upi_type === '1' ? body.paytm_no : body.upi_type === '2' ? body.google_pay_no : body.phon_pay_no;
    const parsed = upiNumber.safeParse(raw ?? '');
    if (!parsed.success) {
      ctx.addIssue({
        code: 'custom',
        message: parsed.error.issues[0]?.message ?? fundsMessages.upiPhoneInvalid,
      });
      return z.NEVER;
    }
    return { upi_type: body.upi_type, number: parsed.data, otp: body.otp };
  });

export const withdrawRequest = z.object({
  request_amount: pointsField(fundsMessages.withdrawAmountRequired),
  payment_method: z.enum(withdrawMethods, { error: fundsMessages.selectPaymentMethod }),
});

export const transferCheckRequest = z.object({
  mobile_no: z
    .string({ error: fundsMessages.transferPhoneInvalid })
    .regex(PHONE_PATTERN, { error: fundsMessages.transferPhoneInvalid }),
});

export const transferRequest = z.object({
  mobile_no: z
    .string({ error: fundsMessages.transferPhoneInvalid })
    .regex(PHONE_PATTERN, { error: fundsMessages.transferPhoneInvalid }),
  amount: pointsField(fundsMessages.transferPointsRequired),
  transfer_note: z.string().max(200).optional(),
});
