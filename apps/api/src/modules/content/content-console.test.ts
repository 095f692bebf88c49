import { imageMessages } from '@gama/core/endpoints/content/console';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { snapshot, suiteApp } from '../../../test/helpers.ts';
import type { Json } from '../../../test/console.ts';
import { auditRowsOf, call, newOperator, signIn } from '../../../test/console.ts';
import { slideMessages } from '@gama/core/endpoints/content/console';

let owner: string;
const t = suiteApp({}, async () => {
  owner = await signIn(t, await newOperator(t, 'owner'));
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
async function admin<T = Json>(method: Method, url: string, body?: Record<string, unknown>, token = owner) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body !== undefined ? { payload: body } : {}),
  });
  return { statusCode: res.statusCode, json: res.json() as T };
}

async function image(
  format: 'png' | 'jpeg' | 'webp',
  width: number,
  height: number,
  orientation?: number,
): Promise<string> {
  let img = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  if (orientation !== undefined) img = img.withMetadata({ orientation });
  const bytes = await img.toFormat(format).toBuffer();
  return `data:image/${format};base64,${bytes.toString('base64')}`;
}

async function served(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { res, meta: res.statusCode === 200 ? await sharp(res.rawPayload).metadata() : undefined };
}

interface Slide {
  id: number;
  title: string;
  title_hi: string;
  image_url: string;
  sort: number;
  active: boolean;
}
type SlidesJson = Json & { slides: Slide[] };
type SlideJson = Json & { slide: Slide };
const playerSlides = async () =>
  (await t.post<{ sliderdata: { slider_image: string; title: string }[] }>('/api-get-slider-images')).json
    .sliderdata;

describe('headlines', () => {
  it('list the three with where each shows, change text and on/off, reach the player app, audited', async () => {
    const list = await admin<Json & { headlines: unknown[] }>('GET', '/admin-api/content/headlines');
    expect(list.json.headlines).toEqual([
      { id: 1, place: 'Home', notes: expect.any(String) as unknown, notes_hi: '', active: true },
      { id: 2, place: 'Add Money', notes: expect.any(String) as unknown, notes_hi: '', active: true },
      { id: 3, place: 'Withdraw', notes: expect.any(String) as unknown, notes_hi: '', active: true },
    ]);
    const changed = await admin('PATCH', '/admin-api/content/headlines/2', {
      notes: '  Deposits now instant  ',
    });
    expect(changed.json).toEqual({
      status: true,
      headline: { id: 2, place: 'Add Money', notes: 'Deposits now instant', notes_hi: '', active: true },
    });
    const off = await admin('PATCH', '/admin-api/content/headlines/3', { active: false });
    expect(off.json).toMatchObject({ headline: { id: 3, active: false } });
    const seen = await t.post<{ data: { id: number; status: string; notes: string }[] }>(
      '/api-get-headline',
      {
        ids: [2, 3],
      },
    );
    expect(seen.json.data).toEqual([
      { id: 2, status: '1', notes: 'Deposits now instant', notes_hi: '' },
      { id: 3, status: '0', notes: expect.any(String) as unknown, notes_hi: '' },
    ]);
    const rows = await auditRowsOf(t, 'headline_update');
    expect(rows[0]).toMatchObject({
      target_id: '2',
      before_state: { id: 2, active: true },
      after_state: { id: 2, notes: 'Deposits now instant', active: true },
    });
  });

  it('refuse an empty headline switched on, a fourth id and overlong text, changing nothing', async () => {
    const before = await snapshot(t.db, ['headlines', 'audit_log']);
    const cases: [string, Record<string, unknown>, string][] = [
      [
        '1',
        { notes: '   ', active: true },
        'A headline that is on needs text; switch it off to show nothing',
      ],
      ['4', { notes: 'x' }, 'The headline id is 1, 2 or 3'],
      ['0', { notes: 'x' }, 'The headline id is 1, 2 or 3'],
      ['1', { notes: 'x'.repeat(501) }, 'notes is at most 500 characters'],
      ['1', {}, 'Send notes, notes_hi, active or some of them'],
      ['1', { notes_hi: 'x'.repeat(501) }, 'notes_hi is at most 500 characters'],
      ['1', { active: 'yes' }, 'active must be true or false'],
    ];
    for (const [id, body, msg] of cases) {
      const res = await admin('PATCH', `/admin-api/content/headlines/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const code = id === '1' && body.active === true ? 'HEADLINE_TEXT_REQUIRED' : 'VALIDATION';
      expect(res.json).toEqual({ status: false, code, msg });
    }
    // Switched off, an empty headline is fine: the player app shows nothing there.
    expect((await admin('PATCH', '/admin-api/content/headlines/3', { notes: '' })).statusCode).toBe(200);
    expect((await snapshot(t.db, ['headlines'])).headlines).not.toEqual(before.headlines);
  });
});

describe('content in Hindi (issue 32 item 19)', () => {
  it('a headline and a slide title carry an optional Hindi text beside the English, audited, to the player app', async () => {
    const changed = await admin('PATCH', '/admin-api/content/headlines/1', {
      notes: 'Results at {withdrawal_open} sharp',
      notes_hi: '  रिज़ल्ट {withdrawal_open} पर  ',
    });
    expect(changed.statusCode, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json).toMatchObject({
      headline: {
        id: 1,
        notes: 'Results at {withdrawal_open} sharp',
        notes_hi: 'रिज़ल्ट {withdrawal_open} पर',
      },
    });
    // The English alone changes nothing of the Hindi.
    await admin('PATCH', '/admin-api/content/headlines/1', { notes: 'Results at {withdrawal_open}' });
    const seen = await t.post<{ data: { id: number; notes: string; notes_hi: string }[] }>(
      '/api-get-headline',
      {
        ids: [1],
      },
    );
    // The setting words are filled in both languages.
    expect(seen.json.data).toEqual([
      {
        id: 1,
        status: '1',
        notes: expect.stringMatching(/^Results at \d\d:\d\d [AP]M$/) as unknown,
        notes_hi: expect.stringMatching(/^रिज़ल्ट \d\d:\d\d [AP]M पर$/) as unknown,
      },
    ]);
    const [row] = (await auditRowsOf(t, 'headline_update')).slice(-2);
    expect(row).toMatchObject({ after_state: { id: 1, notes_hi: 'रिज़ल्ट {withdrawal_open} पर' } });

    const first = (await admin<SlidesJson>('GET', '/admin-api/content/slider')).json.slides[0] as Slide;
    expect(first.title_hi).toBe('');
    const titled = await admin<SlideJson>('PATCH', `/admin-api/content/slider/${first.id}`, {
      title_hi: 'कल्याण और मिलन खेलें',
    });
    expect(titled.json.slide).toEqual({ ...first, title_hi: 'कल्याण और मिलन खेलें' });
    expect((await playerSlides()).find((s) => s.slider_image === first.image_url)).toEqual({
      slider_image: first.image_url,
      title: first.title,
      title_hi: 'कल्याण और मिलन खेलें',
    });
    const long = await admin('PATCH', `/admin-api/content/slider/${first.id}`, { title_hi: 'क'.repeat(101) });
    expect(long.statusCode).toBe(400);
  });
});

describe('slider', () => {
  it('store an upload resized, upright and without metadata, served cached; the player app shows it last', async () => {
    const before = (await admin<SlidesJson>('GET', '/admin-api/content/slider')).json.slides;
    expect(before.map((s) => s.sort)).toEqual([0, 1, 2]);
    // A 2400x1600 photo taken on its side (EXIF orientation 6): upright it is 1600 wide and 2400 high.
    const photo = await image('jpeg', 2400, 1600, 6);
    const added = await admin<SlideJson>('POST', '/admin-api/content/slider', {
      title: 'Diwali offer',
      image: photo,
    });
    expect(added.statusCode, JSON.stringify(added.json)).toBe(200);
    expect(added.json.slide).toMatchObject({ title: 'Diwali offer', sort: 3, active: true });
    expect(added.json.slide.image_url).toMatch(/^\/media\/[0-9a-f]{32}\.webp$/);
    const { res, meta } = await served(added.json.slide.image_url);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 720 });
    expect(meta?.exif).toBeUndefined();
    expect(meta?.orientation).toBeUndefined();
    // Small images are never enlarged; PNG and WebP are accepted too.
    const small = await admin<SlideJson>('POST', '/admin-api/content/slider', {
      image: await image('png', 300, 120),
    });
    expect(small.json.slide.title).toBe('');
    expect((await served(small.json.slide.image_url)).meta).toMatchObject({ width: 300, height: 120 });
    const webp = await admin<SlideJson>('POST', '/admin-api/content/slider', {
      title: 'Third',
      image: await image('webp', 1280, 720),
    });
    expect(webp.statusCode).toBe(200);
    const player = await playerSlides();
    expect(player.slice(-3)).toEqual([
      { slider_image: added.json.slide.image_url, title: 'Diwali offer', title_hi: '' },
      { slider_image: small.json.slide.image_url, title: '', title_hi: '' },
      { slider_image: webp.json.slide.image_url, title: 'Third', title_hi: '' },
    ]);
    const [row] = await auditRowsOf(t, 'slide_add');
    expect(row?.before_state).toEqual(before);
    expect(row?.after_state).toEqual([...before, added.json.slide]);
  });

  it('refuse what is not a PNG, JPEG or WebP of a sensible size, changing nothing', async () => {
    const tables = ['slider_images', 'media', 'audit_log'];
    const before = await snapshot(t.db, tables);
    const png = await image('png', 200, 200);
    const jpegBytes = (await image('jpeg', 200, 200)).split(',')[1] ?? '';
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64');
    const garbage = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(500, 7),
    ]);
    const huge = Buffer.alloc(5 * 1024 * 1024 + 100_000, 1);
    huge.set([0xff, 0xd8, 0xff], 0);
    const cases: [unknown, string][] = [
      [`data:image/png;base64,${jpegBytes}`, imageMessages.mismatch],
      [`data:image/gif;base64,${gif}`, imageMessages.type],
      [png.replace('data:image/png;base64,', ''), imageMessages.type],
      ['https://example.com/a.png', imageMessages.type],
      [42, imageMessages.type],
      [`data:image/png;base64,${garbage.toString('base64')}`, imageMessages.unreadable],
      [await image('png', 40, 400), imageMessages.tooSmall],
      [`data:image/jpeg;base64,${huge.toString('base64')}`, imageMessages.tooLarge],
    ];
    for (const [img, msg] of cases) {
      const res = await admin('POST', '/admin-api/content/slider', { title: 'x', image: img });
      expect(res.statusCode, msg).toBe(400);
      // What the schema sees (the type in the data URL, the length) is VALIDATION; the bytes have codes.
      const codes: Record<string, string> = {
        [imageMessages.mismatch]: 'IMAGE_TYPE_MISMATCH',
        [imageMessages.unreadable]: 'IMAGE_UNREADABLE',
        [imageMessages.tooSmall]: 'IMAGE_TOO_SMALL',
      };
      expect(res.json).toEqual({ status: false, code: codes[msg] ?? 'VALIDATION', msg });
    }
    const longTitle = await admin('POST', '/admin-api/content/slider', {
      title: 'x'.repeat(101),
      image: png,
    });
    expect(longTitle.json.msg).toBe('title is at most 100 characters');
    expect(await snapshot(t.db, tables)).toEqual(before);
  });

  it('switch a slide off (kept in its place, not shown to players) and on again, audited', async () => {
    const start = (await admin<SlidesJson>('GET', '/admin-api/content/slider')).json.slides;
    const second = start[1] as Slide;
    const shownBefore = await playerSlides();
    expect(shownBefore.map((s) => s.slider_image)).toContain(second.image_url);

    const off = await admin<SlideJson>('PATCH', `/admin-api/content/slider/${second.id}`, { active: false });
    expect(off.statusCode, JSON.stringify(off.json)).toBe(200);
    expect(off.json.slide).toEqual({ ...second, active: false });
    expect(await playerSlides()).toEqual(shownBefore.filter((s) => s.slider_image !== second.image_url));
    // The console still lists it, in its place, and its image is still served.
    const listed = (await admin<SlidesJson>('GET', '/admin-api/content/slider')).json.slides;
    expect(listed.map((s) => [s.id, s.sort, s.active])).toEqual(
      start.map((s) => [s.id, s.sort, s.id === second.id ? false : s.active]),
    );
    expect((await served(second.image_url)).res.statusCode).toBe(200);
    const [row] = (await auditRowsOf(t, 'slide_update')).slice(-1);
    expect(row).toMatchObject({ before_state: { active: true }, after_state: { active: false } });

    const bad = await admin('PATCH', `/admin-api/content/slider/${second.id}`, { active: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json).toMatchObject({ msg: 'active must be true or false' });

    const on = await admin<SlideJson>('PATCH', `/admin-api/content/slider/${second.id}`, { active: true });
    expect(on.json.slide).toEqual(second);
    expect(await playerSlides()).toEqual(shownBefore);
  });

  it('replace, reorder and remove slides, dropping images nothing shows any more', async () => {
    const start = (await admin<SlidesJson>('GET', '/admin-api/content/slider')).json.slides;
    const last = start.at(-1) as Slide;
    const replaced = await admin<SlideJson>('PATCH', `/admin-api/content/slider/${last.id}`, {
      image: await image('png', 640, 360),
    });
    expect(replaced.json.slide).toMatchObject({ id: last.id, title: last.title, sort: last.sort });
    expect(replaced.json.slide.image_url).not.toBe(last.image_url);
    expect((await served(last.image_url)).res.statusCode).toBe(404);
    const renamed = await admin<SlideJson>('PATCH', `/admin-api/content/slider/${last.id}`, {
      title: 'Renamed',
    });
    expect(renamed.json.slide).toMatchObject({ title: 'Renamed', image_url: replaced.json.slide.image_url });

    const reversed = start.map((s) => s.id).reverse();
    const ordered = await admin<SlidesJson>('POST', '/admin-api/content/slider/order', { ids: reversed });
    expect(ordered.json.slides.map((s) => [s.id, s.sort])).toEqual(reversed.map((id, i) => [id, i]));
    expect((await playerSlides()).map((s) => s.title)[0]).toBe('Renamed');
    for (const ids of [reversed.slice(1), [...reversed, reversed[0]], [...reversed.slice(1), 999_999]]) {
      const bad = await admin('POST', '/admin-api/content/slider/order', { ids });
      expect(bad.json).toEqual({ status: false, code: 'SLIDE_ORDER_INVALID', msg: slideMessages.order });
    }

    const removed = await admin<SlidesJson>('DELETE', `/admin-api/content/slider/${last.id}`);
    expect(removed.json.slides.map((s) => s.id)).toEqual(reversed.slice(1));
    expect(removed.json.slides.map((s) => s.sort)).toEqual(reversed.slice(1).map((_, i) => i));
    expect((await served(replaced.json.slide.image_url)).res.statusCode).toBe(404);
    const again = await admin('DELETE', `/admin-api/content/slider/${last.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json.msg).toBe(slideMessages.notFound);
    expect(await auditRowsOf(t, 'slide_remove')).toHaveLength(1);
  });

  it('hold at most 20 slides', async () => {
    const png = await image('png', 100, 100);
    const count = async () =>
      (await admin<SlidesJson>('GET', '/admin-api/content/slider')).json.slides.length;
    while ((await count()) < 20) {
      expect((await admin('POST', '/admin-api/content/slider', { image: png })).statusCode).toBe(200);
    }
    const full = await admin('POST', '/admin-api/content/slider', { image: png });
    expect(full.statusCode).toBe(409);
    expect(full.json.msg).toBe(slideMessages.full);
    // The same image twice is stored once.
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM media m JOIN slider_images s ON s.image_url = '/media/' || m.name`,
    );
    const { rows: distinct } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM media');
    expect(rows[0]?.n).toBeGreaterThan(distinct[0]?.n ?? 0);
  });
});

describe('QR image', () => {
  const pay = async () =>
    (await t.post<{ qrdata: { qr_image: string; upi_id: string }[] }>('/api-get-qr-pay')).json.qrdata[0];

  it('show an uploaded QR instead of the generated one, and go back to it, audited', async () => {
    const generated = await admin<Json & { player_image: string }>('GET', '/admin-api/content/qr');
    expect(generated.json).toEqual({
      status: true,
      source: 'generated',
      image_url: '',
      upi_id: 'gama.pay@upi',
      player_image: expect.stringMatching(/^data:image\/svg\+xml;base64,/) as unknown,
    });
    // The console's preview is the very image the Pay via QR screen shows.
    expect((await pay())?.qr_image).toBe(generated.json.player_image);
    const up = await admin<Json & { image_url: string }>('POST', '/admin-api/content/qr', {
      image: await image('png', 1200, 1200),
    });
    expect(up.json).toMatchObject({ status: true, source: 'uploaded', upi_id: 'gama.pay@upi' });
    expect(up.json.image_url).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    expect(up.json).toMatchObject({ player_image: up.json.image_url });
    expect((await served(up.json.image_url)).meta).toMatchObject({ format: 'png', width: 800, height: 800 });
    expect(await pay()).toEqual({ qr_image: up.json.image_url, upi_id: 'gama.pay@upi' });

    const cleared = await admin('DELETE', '/admin-api/content/qr');
    expect(cleared.json).toEqual({
      status: true,
      source: 'generated',
      image_url: '',
      upi_id: 'gama.pay@upi',
      player_image: generated.json.player_image,
    });
    expect((await pay())?.qr_image).toBe(generated.json.player_image);
    expect((await served(up.json.image_url)).res.statusCode).toBe(404);
    expect((await auditRowsOf(t, 'qr_upload'))[0]).toMatchObject({
      before_state: { source: 'generated', image_url: '' },
      after_state: { source: 'uploaded', image_url: up.json.image_url },
    });
    expect(await auditRowsOf(t, 'qr_clear')).toHaveLength(1);
  });

  it('preview follows the QR settings: a new UPI id makes a new code, none makes none', async () => {
    const read = async () =>
      (await admin<Json & { player_image: string }>('GET', '/admin-api/content/qr')).json.player_image;
    const before = await read();
    const changed = await admin('PATCH', '/admin-api/settings', { qr_upi_id: 'other.payee@okaxis' });
    expect(changed.statusCode).toBe(200);
    const other = await read();
    expect(other).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(other).not.toBe(before);
    expect((await pay())?.qr_image).toBe(other);

    await admin('PATCH', '/admin-api/settings', { qr_upi_id: '' });
    expect(await read()).toBe('');
    expect(await pay()).toEqual({ qr_image: '', upi_id: '' });

    await admin('PATCH', '/admin-api/settings', { qr_upi_id: 'gama.pay@upi' });
    expect(await read()).toBe(before);
  });
});

describe('content permissions and media', () => {
  it('are content.manage only; media are open to anyone and unknown names are 404', async () => {
    const before = await snapshot(t.db, ['headlines', 'slider_images', 'settings', 'media']);
    for (const role of ['results', 'cashier', 'support', 'viewer'] as const) {
      const token = await signIn(t, await newOperator(t, role));
      for (const [method, url, body] of [
        ['GET', '/admin-api/content/headlines', undefined],
        ['PATCH', '/admin-api/content/headlines/1', { notes: 'x' }],
        ['POST', '/admin-api/content/slider', { image: 'data:image/png;base64,AAAA' }],
        ['DELETE', '/admin-api/content/qr', undefined],
      ] as const) {
        const res = await admin(method, url, body, token);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(res.json.msg).toBe('You do not have permission to change content');
      }
    }
    const stranger = await call(t, 'GET', '/admin-api/content/slider');
    expect(stranger.statusCode).toBe(401);
    expect(await snapshot(t.db, ['headlines', 'slider_images', 'settings', 'media'])).toEqual(before);
    for (const name of ['0'.repeat(32) + '.webp', '..%2F..%2Fetc%2Fpasswd', 'x.svg']) {
      const res = await t.app.inject({ method: 'GET', url: `/media/${name}` });
      expect(res.statusCode, name).toBe(404);
    }
  });
});
