/**
 * Push notifications (issue 31, item 1): the installed app subscribes a device with the browser's Push API and
 * the server sends each of the player's notifications to every subscribed device, in the kinds the player
 * chose. The server's VAPID public key is the only key the browser ever sees.
 */
import { z } from 'zod';
import { endpoint } from '../define.ts';
import { ok } from '../paging.ts';

const domain = 'push';

export const pushMessages = {
  notHttps: 'A push subscription must use an https address',
  badKeys: 'The subscription’s keys are not valid',
} as const;

/** The kinds a player may switch on or off; every notification belongs to one of them. */
export const pushTopics = ['results', 'money', 'support', 'offers'] as const;
export type PushTopic = (typeof pushTopics)[number];

// Base64url without padding, as PushSubscription.toJSON() gives the keys: a P-256 point is 65 bytes (87
// characters), the auth secret 16 bytes (22).
const base64url = (length: number) =>
  z
    .string()
    .length(length, { message: pushMessages.badKeys })
    .regex(/^[A-Za-z0-9_-]+$/, { message: pushMessages.badKeys });

const pushEndpoint = z
  .string()
  .max(1000)
  .refine((text) => URL.canParse(text) && new URL(text).protocol === 'https:', {
    message: pushMessages.notHttps,
  });

export const pushSubscription = z.object({
  endpoint: pushEndpoint,
  keys: z.object({ p256dh: base64url(87), auth: base64url(22) }),
});

export const pushPreferences = z.strictObject({
  results: z.boolean(),
  money: z.boolean(),
  support: z.boolean(),
  /** Notices from the operator (decision 037). */
  offers: z.boolean(),
});
export type PushPreferences = z.output<typeof pushPreferences>;

export const pushPreferencesAnswer = z.strictObject({
  status: ok,
  preferences: pushPreferences,
  /** How many of the player's devices are subscribed. */
  devices: z.number().int().min(0),
});

/** What the service worker receives: the text is the server's, in the player's language. */
export const pushPayload = z.strictObject({
  title: z.string(),
  body: z.string(),
  /** A path of the player app to open on a click. */
  url: z.string().startsWith('/'),
  /** Notifications with one tag replace each other on the device. */
  tag: z.string(),
});
export type PushPayload = z.output<typeof pushPayload>;

export const pushEndpoints = {
  pushKey: endpoint({
    domain,
    method: 'POST',
    path: '/api-push-key',
    access: 'player',
    summary: 'The server’s VAPID public key (base64url), for PushManager.subscribe',
    response: z.strictObject({ status: ok, public_key: z.string() }),
    errors: [],
  }),
  pushSubscribe: endpoint({
    domain,
    method: 'POST',
    path: '/api-push-subscribe',
    access: 'player',
    summary:
      'Subscribe this device to the session player’s notifications (PushSubscription.toJSON()); again with the same address moves it to this player',
    body: pushSubscription,
    response: pushPreferencesAnswer,
    errors: ['VALIDATION'],
  }),
  pushUnsubscribe: endpoint({
    domain,
    method: 'POST',
    path: '/api-push-unsubscribe',
    access: 'player',
    summary: 'Stop pushing to this device (its subscription address); an unknown address changes nothing',
    body: z.object({ endpoint: pushEndpoint }),
    response: pushPreferencesAnswer,
    errors: ['VALIDATION'],
  }),
  pushPreferences: endpoint({
    domain,
    method: 'POST',
    path: '/api-push-preferences',
    access: 'player',
    summary: 'Which kinds of notification are pushed to the session player’s devices; with a body, sets them',
    // `offers` came later: a client that does not send it leaves the player's choice as it was.
    body: z.object({ preferences: pushPreferences.partial({ offers: true }).optional() }),
    response: pushPreferencesAnswer,
    errors: ['VALIDATION'],
  }),
};
