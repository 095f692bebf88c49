/**
 * The console's content lists (issue 15): the three headlines (marquees), the home slider and the payment QR
 * image. Images are sent as data URLs of PNG, JPEG or WebP; the server checks the type by the file's own bytes
 * and its size, then resizes and re-encodes it (no metadata kept) and serves it from `/media/…`. Every change is
 * audited before and after and reaches the player app on its next call.
 */
import { z } from 'zod';
import { endpoint } from '../define.ts';

const ok = z.literal(true);
const domain = 'content';

/** Where the player app shows each headline (the ids it asks for). */
export const headlinePlaces = { 1: 'Home', 2: 'Add Money', 3: 'Withdraw' } as const;
export const HEADLINE_MAX = 500;

/** The largest image accepted, decoded. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const imageTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** Slider images are fitted inside this box (never enlarged) and stored as WebP. */
export const SLIDE_MAX_SIZE = { width: 1280, height: 720 } as const;
/** QR images are fitted inside this square and stored as PNG (lossless, so every module stays sharp). */
export const QR_MAX_SIDE = 800;
/** Smaller than this on either side is not worth showing. */
export const IMAGE_MIN_SIDE = 64;
export const SLIDE_TITLE_MAX = 100;
export const SLIDES_MAX = 20;

export const slideMessages = {
  notFound: 'No such slide',
  full: `The slider holds at most ${SLIDES_MAX} slides; remove one first`,
  order: 'Send every slide id exactly once, in the new order',
} as const;

export const imageMessages = {
  type: 'The image must be a PNG, JPEG or WebP file sent as a data URL (data:image/png;base64,…)',
  mismatch: 'The file is not the PNG, JPEG or WebP image it says it is',
  tooLarge: 'The image must be at most 5 MB',
  tooSmall: `The image must be at least ${IMAGE_MIN_SIDE} pixels wide and high`,
  unreadable: 'The image could not be read; save it again as PNG, JPEG or WebP and retry',
  tooManyPixels: (max: number) =>
    `The image must be at most ${Math.floor(max / 1_000_000)} megapixels; make it smaller and retry`,
  busy: 'Many images are being processed right now; try again in a few seconds',
};

/** A data URL of an image; its size, type and content are checked on the server. */
export const imageUpload = z
  .string({ error: imageMessages.type })
  .max(Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 40, { error: imageMessages.tooLarge })
  .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/, { error: imageMessages.type });

/** What an image upload's body may be: base64 of 5 MB plus the envelope. */
const IMAGE_BODY_LIMIT = 8 * 1024 * 1024;

const headlineId = z.object({
  id: z.coerce
    .number({ error: 'The headline id is 1, 2 or 3' })
    .int({ error: 'The headline id is 1, 2 or 3' })
    .min(1, { error: 'The headline id is 1, 2 or 3' })
    .max(3, { error: 'The headline id is 1, 2 or 3' }),
});

export const headlineRow = z.strictObject({
  id: z.number().int(),
  /** Where the player app shows it. */
  place: z.string(),
  notes: z.string(),
  /** The same text in Hindi, for players reading Hindi; empty: they read the English. */
  notes_hi: z.string(),
  /** Off: the player app shows nothing there. */
  active: z.boolean(),
});

export const headlineChange = z
  .strictObject({
    notes: z
      .string({ error: 'notes must be text' })
      .trim()
      .max(HEADLINE_MAX, { error: `notes is at most ${HEADLINE_MAX} characters` })
      .optional(),
    notes_hi: z
      .string({ error: 'notes_hi must be text' })
      .trim()
      .max(HEADLINE_MAX, { error: `notes_hi is at most ${HEADLINE_MAX} characters` })
      .optional(),
    active: z.boolean({ error: 'active must be true or false' }).optional(),
  })
  .refine((b) => b.notes !== undefined || b.notes_hi !== undefined || b.active !== undefined, {
    error: 'Send notes, notes_hi, active or some of them',
  });

export const slideRow = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  /** The title in Hindi; empty: players reading Hindi read the English one. */
  title_hi: z.string(),
  /** Where the player app loads it from (`/media/…`, or `/static/…` for the demo's). */
  image_url: z.string(),
  /** Position on the slider, from 0. */
  sort: z.number().int(),
  /** Off: kept in its place with its image, but the player app does not show it. */
  active: z.boolean(),
});

const slideTitle = z
  .string({ error: 'title must be text' })
  .trim()
  .max(SLIDE_TITLE_MAX, { error: `title is at most ${SLIDE_TITLE_MAX} characters` });

const slideId = z.object({
  id: z.coerce
    .number({ error: 'The slide id must be a number' })
    .int({ error: 'The slide id must be a whole number' })
    .positive({ error: 'The slide id must be positive' })
    .max(2_147_483_647, { error: slideMessages.notFound }),
});

export const slidesAnswer = z.strictObject({ status: ok, slides: z.array(slideRow) });
export const slideAnswer = z.strictObject({ status: ok, slide: slideRow });

export const qrAnswer = z.strictObject({
  status: ok,
  /** `uploaded`: the operator's image; `generated`: made from the owner settings qr_upi_id and qr_payee_name. */
  source: z.enum(['uploaded', 'generated']),
  /** The uploaded image's address, or empty when the QR code is generated. */
  image_url: z.string(),
  upi_id: z.string(),
  /**
   * What the Pay via QR screen shows now, so the console can preview it: the uploaded image's address, or the
   * generated code as a data URL; empty when nothing is uploaded and qr_upi_id is empty (the app then shows none).
   */
  player_image: z.string(),
});

export const contentConsoleEndpoints = {
  contentHeadlines: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/content/headlines',
    access: 'operator',
    permission: 'content.manage',
    summary: 'The three headlines (marquees) with where the player app shows each',
    response: z.strictObject({ status: ok, headlines: z.array(headlineRow) }),
    errors: [],
  }),
  contentHeadlineUpdate: endpoint({
    domain,
    method: 'PATCH',
    path: '/admin-api/content/headlines/:id',
    access: 'operator',
    permission: 'content.manage',
    summary: "Change a headline's text or switch it on or off (an active headline needs text)",
    params: headlineId,
    body: headlineChange,
    response: z.strictObject({ status: ok, headline: headlineRow }),
    errors: ['VALIDATION', 'HEADLINE_TEXT_REQUIRED'],
  }),
  contentSlides: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/content/slider',
    access: 'operator',
    permission: 'content.manage',
    summary: 'The home slider, in the order the player app shows it',
    response: slidesAnswer,
    errors: [],
  }),
  contentSlideAdd: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/content/slider',
    access: 'operator',
    permission: 'content.manage',
    summary: `Add a slide at the end: a PNG, JPEG or WebP of at most 5 MB, stored fitted in ${SLIDE_MAX_SIZE.width}x${SLIDE_MAX_SIZE.height} as WebP`,
    body: z.strictObject({
      title: slideTitle.default(''),
      title_hi: slideTitle.default(''),
      image: imageUpload,
    }),
    response: slideAnswer,
    errors: [
      'VALIDATION',
      'IMAGE_TYPE_MISMATCH',
      'SLIDES_FULL',
      'IMAGE_TOO_LARGE',
      'IMAGE_TOO_MANY_PIXELS',
      'IMAGE_TOO_SMALL',
      'IMAGE_TYPE_UNSUPPORTED',
      'IMAGE_UNREADABLE',
    ],
    bodyLimit: IMAGE_BODY_LIMIT,
  }),
  contentSlideUpdate: endpoint({
    domain,
    method: 'PATCH',
    path: '/admin-api/content/slider/:id',
    access: 'operator',
    permission: 'content.manage',
    summary: "Change a slide's title or image, or switch it off (kept, not shown) or on",
    params: slideId,
    body: z
      .strictObject({
        title: slideTitle.optional(),
        title_hi: slideTitle.optional(),
        image: imageUpload.optional(),
        active: z.boolean({ error: 'active must be true or false' }).optional(),
      })
      .refine(
        (b) =>
          b.title !== undefined ||
          b.title_hi !== undefined ||
          b.image !== undefined ||
          b.active !== undefined,
        { error: 'Send at least one of title, title_hi, image and active' },
      ),
    response: slideAnswer,
    errors: ['VALIDATION', 'NOT_FOUND'],
    bodyLimit: IMAGE_BODY_LIMIT,
  }),
  contentSlideDelete: endpoint({
    domain,
    method: 'DELETE',
    path: '/admin-api/content/slider/:id',
    access: 'operator',
    permission: 'content.manage',
    summary: 'Remove a slide; the others close up',
    params: slideId,
    response: slidesAnswer,
    errors: ['NOT_FOUND'],
  }),
  contentSlideOrder: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/content/slider/order',
    access: 'operator',
    permission: 'content.manage',
    summary: 'Put the slides in this order (every slide id, each once)',
    body: z.strictObject({
      ids: z
        .array(z.number({ error: 'ids must be slide ids' }).int({ error: 'ids must be slide ids' }), {
          error: 'ids must be a list of slide ids',
        })
        .max(SLIDES_MAX, { error: `There are at most ${SLIDES_MAX} slides` }),
    }),
    response: slidesAnswer,
    errors: ['VALIDATION', 'SLIDE_ORDER_INVALID'],
  }),
  contentQr: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/content/qr',
    access: 'operator',
    permission: 'content.manage',
    summary: 'The QR image the Pay via QR screen shows: uploaded, or generated from the UPI settings',
    response: qrAnswer,
    errors: [],
  }),
  contentQrUpload: endpoint({
    domain,
    method: 'POST',
    path: '/admin-api/content/qr',
    access: 'operator',
    permission: 'content.manage',
    summary: `Show this QR image instead of the generated one: PNG, JPEG or WebP of at most 5 MB, stored fitted in ${QR_MAX_SIDE}x${QR_MAX_SIDE} as PNG`,
    body: z.strictObject({ image: imageUpload }),
    response: qrAnswer,
    errors: [
      'VALIDATION',
      'IMAGE_TYPE_MISMATCH',
      'IMAGE_TOO_LARGE',
      'IMAGE_TOO_MANY_PIXELS',
      'IMAGE_TOO_SMALL',
      'IMAGE_TYPE_UNSUPPORTED',
      'IMAGE_UNREADABLE',
    ],
    bodyLimit: IMAGE_BODY_LIMIT,
  }),
  contentQrClear: endpoint({
    domain,
    method: 'DELETE',
    path: '/admin-api/content/qr',
    access: 'operator',
    permission: 'content.manage',
    summary: 'Go back to the QR code generated from qr_upi_id and qr_payee_name',
    response: qrAnswer,
    errors: [],
  }),
  media: endpoint({
    domain,
    method: 'GET',
    path: '/media/:file',
    access: 'open',
    summary: 'An image the operator uploaded (slider, QR), by its content hash; cached for a year',
    params: z.object({ file: z.string() }),
    response: z.unknown(),
    errors: ['NOT_FOUND'],
    produces: 'image/*',
  }),
};

export type HeadlineRow = z.output<typeof headlineRow>;
export type SlideRow = z.output<typeof slideRow>;
export type QrAnswer = z.output<typeof qrAnswer>;
