/** Public content of the player app: headlines, slider, contacts, how-to-play, money rules (spec 01 section 7). */
import { z } from 'zod';
import { headlineRequest } from '../../contract/accounts.ts';
import { endpoint } from '../define.ts';
import { contentConsoleEndpoints } from './console.ts';

const ok = z.literal(true);

export const headlineAnswer = z.strictObject({
  status: ok,
  data: z.array(
    z.strictObject({
      id: z.number().int(),
      status: z.enum(['0', '1']),
      notes: z.string(),
      /** The operator's Hindi text (empty when none): shown to players reading Hindi, else `notes`. */
      notes_hi: z.string(),
    }),
  ),
});
export const sliderAnswer = z.strictObject({
  status: ok,
  sliderdata: z.array(
    z.strictObject({
      slider_image: z.string(),
      title: z.string(),
      /** The operator's Hindi title (empty when none). */
      title_hi: z.string(),
    }),
  ),
});
export const socialDataAnswer = z.strictObject({
  status: ok,
  mobile_no: z.string(),
  mobile_1: z.string(),
  telegram_no: z.string(),
  whatsapp_no: z.string(),
});
export const howToPlayAnswer = z.strictObject({
  status: ok,
  result: z.string(),
  content: z.array(z.strictObject({ how_to_play_content: z.string(), video_link: z.string() })),
});
export const moneyRulesAnswer = z.strictObject({
  status: ok,
  content: z.array(
    z.strictObject({
      withdrawal_rule: z.string(),
      deposit_rule: z.string(),
      /** The operator's Hindi texts (empty when none): shown to players reading Hindi. */
      withdrawal_rule_hi: z.string(),
      deposit_rule_hi: z.string(),
    }),
  ),
});

/** Pages the legacy contract has no call for: the privacy policy, the about text and the app download link. */
export const appPagesAnswer = z.strictObject({
  status: ok,
  /** Empty: the app shows its built-in policy. */
  privacy_policy: z.string(),
  about_text: z.string(),
  /** The operator's Hindi texts (empty when none): shown to players reading Hindi. */
  privacy_policy_hi: z.string(),
  about_text_hi: z.string(),
  app_download_url: z.string(),
});

const domain = 'content';

export const contentEndpoints = {
  headline: endpoint({
    domain,
    method: 'POST',
    path: '/api-get-headline',
    // Public: the withdraw screen's headline call carries no token (spec 01 section 7).
    access: 'public',
    summary: 'Headlines (marquee texts) by id',
    body: headlineRequest,
    response: headlineAnswer,
    errors: ['VALIDATION'],
  }),
  sliderImages: endpoint({
    domain,
    method: 'POST',
    path: '/api-get-slider-images',
    access: 'public',
    summary: 'Home slider images',
    response: sliderAnswer,
    errors: [],
  }),
  socialData: endpoint({
    domain,
    method: 'POST',
    path: '/api-get-social-data',
    access: 'public',
    summary: 'Contact numbers: phone, WhatsApp, Telegram',
    response: socialDataAnswer,
    errors: [],
  }),
  howToPlay: endpoint({
    domain,
    method: 'POST',
    path: '/api-how-to-play',
    access: 'public',
    summary: 'How-to-play text and video link',
    response: howToPlayAnswer,
    errors: [],
  }),
  moneyRules: endpoint({
    domain,
    method: 'POST',
    path: '/api-money-deposit-withdrawal-rule',
    access: 'public',
    summary: 'Deposit and withdrawal rules',
    response: moneyRulesAnswer,
    errors: [],
  }),
  appPages: endpoint({
    domain,
    method: 'POST',
    path: '/api-get-app-pages',
    access: 'public',
    summary: "The operator's privacy policy, about text and app download link",
    response: appPagesAnswer,
    errors: [],
  }),
  ...contentConsoleEndpoints,
};

export type SocialDataResponse = z.output<typeof socialDataAnswer>;
export type AppPagesResponse = z.output<typeof appPagesAnswer>;
