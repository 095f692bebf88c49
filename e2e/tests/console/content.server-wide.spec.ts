/**
 * Content & settings change what every player sees, so this spec runs on the betting-off server with the
 * other server-wide specs. Its tests share that server at the same time: each variant changes fields of its own
 * (About Us or the privacy policy, the Add Money or the Withdraw headline, one UPI id or another) and the slider
 * test finds its slides by their titles.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from '../../support/fixtures.ts';
import { createOperator, isPhone, openScreen, PHONE, shot, signIn } from '../../support/console.ts';

const runId = () => Math.random().toString(36).slice(2, 8);

function png(width: number, height: number, background: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** The player-view figure beside (or below) the form. */
const preview = (page: Page) => page.getByRole('figure', { name: /^Player view/ });

// Each variant a test of its own at the desk's size: the phone's size runs only the console tests whose layout or
// interaction differs on a phone (support/console.ts, PHONE), and these screens are the desk's, narrower.
for (const privacy of [false, true]) {
  test(`pages: the owner rewrites ${privacy ? 'the privacy policy' : 'About Us'} with its preview, confirms, and a player reads it in the app`, async ({
    page,
    browser,
    baseURL,
  }, info) => {
    const owner = await createOperator(baseURL ?? '', 'owner');
    const field = privacy ? 'Privacy policy' : 'About Us';
    const text = `Gama is run by ${runId()} Games.\nWrite to us through Support to delete your data.`;
    await signIn(page, owner);
    await openScreen(page, info, 'Content & settings');
    await expect(page.getByRole('heading', { name: 'Content & settings', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/content\/pages$/);

    const box = page.getByRole('textbox', { name: field, exact: true });
    await box.fill(text);
    // The preview shows the page being edited, as the app prints it.
    await expect(preview(page)).toHaveAccessibleName(`Player view: ${privacy ? 'Privacy' : 'About Us'}`);
    await expect(preview(page).getByTestId('preview-text')).toHaveText(text);
    await shot(page, info, 'content-pages');

    await page.getByRole('button', { name: 'Save changes' }).click();
    const confirm = page.getByRole('dialog', { name: 'Save pages and rules' });
    await expect(confirm).toContainText(
      new RegExp(`${field}: (written|rewritten) \\(${text.length} characters\\)`),
    );
    await shot(page, info, 'content-pages-confirm');
    await confirm.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('Settings saved. Players see them on their next visit to the screen.'),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: field, exact: true })).toHaveValue(text);

    // The contacts tab pictures the support popup with the number each button dials (read only here: the
    // betting-off players' support links use these numbers).
    await page
      .getByRole('navigation', { name: 'Content & settings' })
      .getByRole('link', { name: 'Contacts' })
      .click();
    await expect(preview(page)).toHaveAccessibleName('Player view: Support popup');
    const whatsapp = await page.getByRole('textbox', { name: 'WhatsApp', exact: true }).inputValue();
    const phoneNumber = await page.getByRole('textbox', { name: 'Phone', exact: true }).inputValue();
    const chat = whatsapp || phoneNumber;
    await expect(preview(page).getByText('Chat on WhatsApp')).toBeVisible();
    await expect(
      preview(page)
        .getByText(`+91 ${chat.slice(0, 5)} ${chat.slice(5)}`)
        .first(),
    ).toBeVisible();
    await shot(page, info, 'content-contacts');

    // A visitor's phone opens the page: the operator's words, not the app's own text.
    const visitor = await browser.newContext({
      baseURL: baseURL ?? '',
      viewport: { width: 390, height: 844 },
    });
    const app = await visitor.newPage();
    await app.goto(privacy ? '/privacypolicy' : '/about');
    await expect(
      app.getByRole('heading', { name: privacy ? 'Privacy Policy' : 'About Us', level: 1 }),
    ).toBeVisible();
    await expect(app.getByTestId('operator-text')).toHaveText(text);
    await expect(
      app.getByRole('heading', { name: privacy ? 'What we collect' : 'Deleting your data' }),
    ).toHaveCount(0);
    await app.screenshot({ path: info.outputPath('player-page.png') });
    await visitor.close();
  });
}

for (const paytm of [false, true]) {
  test(`payments (${paytm ? 'Paytm' : 'other UPI gateway'}): a wrong UPI id is refused in the server words before sending; a change is confirmed old to new and previewed`, async ({
    page,
    api,
    baseURL,
  }, info) => {
    const owner = await createOperator(baseURL ?? '', 'owner');
    const [label, method] = paytm ? ['Paytm UPI id', 'Paytm'] : ['Other UPI gateway id', 'Other UPI Gateway'];
    const key = paytm ? 'upi_paytm' : 'upi_other';
    await signIn(page, owner);
    await page.goto('/admin/content/payments');
    await expect(page.getByRole('heading', { name: 'Content & settings', level: 1 })).toBeVisible();

    const field = page.getByRole('textbox', { name: label, exact: true });
    const before = await field.inputValue();
    await field.fill('not a upi id');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`${key} must be a UPI id like name@bank, or empty`)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Two fields that only make sense together: the rule between them, before anything is sent.
    const from = page.getByRole('textbox', { name: 'Withdrawals from' });
    const until = page.getByRole('textbox', { name: 'Withdrawals until' });
    const open = await from.inputValue();
    await field.fill(before);
    await from.fill(await until.inputValue());
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'withdrawal_open and withdrawal_close must differ' }),
    ).toBeVisible();
    await from.fill(open);

    const upi = `gama${runId()}@okaxis`;
    await field.fill(upi);
    await expect(preview(page)).toHaveAccessibleName('Player view: Via UPI Apps');
    await expect(preview(page).getByText(method, { exact: true })).toBeVisible();
    await expect(preview(page).getByText(upi)).toBeVisible();
    await shot(page, info, 'content-payments');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const confirm = page.getByRole('dialog', { name: 'Save payment settings' });
    await expect(confirm).toContainText(`${label}: ${before ? `“${before}”` : '(empty)'} → “${upi}”`);
    await confirm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved', { exact: false })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: label, exact: true })).toHaveValue(upi);

    // The player app's own answer carries it.
    const bank = await api.post('/api-admin-bank-details');
    const details = (bank.body.bank_details as Record<string, string>[])[0];
    expect(details?.[paytm ? 'paytm_upi_payment_id' : 'upi_payment_id']).toBe(upi);

    // The QR screen previews the code players scan; the other gateway's test also replaces it with an image and back
    // (one run only: both share the server's one QR image).
    await page.getByRole('button', { name: 'Via QR Pay' }).click();
    await expect(preview(page).getByRole('img', { name: /^QR code to pay / })).toBeVisible();
    if (!paytm) {
      const qrPanel = page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'QR image', exact: true }) });
      await qrPanel.getByLabel('Upload a QR image').setInputFiles({
        name: 'merchant-qr.png',
        mimeType: 'image/png',
        buffer: await png(300, 300, '#111111'),
      });
      const upload = page.getByRole('dialog', { name: 'Show this QR image' });
      await expect(upload.getByRole('img', { name: 'The QR image to upload' })).toBeVisible();
      await upload.getByRole('button', { name: 'Upload' }).click();
      await expect(page.getByText('QR image saved')).toBeVisible();
      await expect(qrPanel.getByText('Uploaded image', { exact: true })).toBeVisible();
      await expect(preview(page).getByRole('img', { name: /^QR code to pay / })).toHaveAttribute(
        'src',
        /^\/media\/[0-9a-f]{32}\.png$/,
      );
      await shot(page, info, 'content-payments-qr');
      await qrPanel.getByRole('button', { name: 'Use the generated code' }).click();
      await page
        .getByRole('dialog', { name: 'Use the generated code' })
        .getByRole('button', { name: 'Use the generated code' })
        .click();
      await expect(page.getByText('QR code generated again')).toBeVisible();
      await expect(preview(page).getByRole('img', { name: /^QR code to pay / })).toHaveAttribute(
        'src',
        /^data:image\/svg\+xml;base64,/,
      );
    }
  });
}

for (const place of ['Add Money', 'Withdraw'] as const) {
  test(`headlines (${place}): switched on with no text is refused in the server words; a new text is previewed and saved`, async ({
    page,
    api,
    baseURL,
  }, info) => {
    const owner = await createOperator(baseURL ?? '', 'owner');
    await signIn(page, owner);
    await page.goto('/admin/content/headlines');
    const box = page.getByRole('textbox', { name: `${place} headline text` });
    const save = page.getByRole('button', { name: `Save ${place} headline` });

    await box.fill('');
    await page.getByRole('switch', { name: new RegExp(`^Show on ${place}`) }).check();
    await save.click();
    const refused = page.getByRole('dialog', { name: `Save the ${place} headline` });
    await refused.getByRole('button', { name: 'Save' }).click();
    await expect(refused.getByRole('alert')).toHaveText(
      'A headline that is on needs text; switch it off to show nothing',
    );
    await refused.getByRole('button', { name: 'Cancel' }).click();

    const text = `Deposits are credited within 10 minutes today (${runId()}).`;
    await box.fill(text);
    // Beside it the Hindi version, which players reading Hindi see (issue 32 item 19).
    const hindi = `आज जमा 10 मिनट में (${runId()})`;
    await page.getByRole('textbox', { name: `Hindi text of the ${place} headline (optional)` }).fill(hindi);
    await expect(preview(page).getByTestId('preview-headline').filter({ hasText: text })).toBeVisible();
    await shot(page, info, 'content-headlines');
    await save.click();
    const confirm = page.getByRole('dialog', { name: `Save the ${place} headline` });
    await expect(confirm).toContainText(`Players will see on ${place}: ${text}`);
    await expect(confirm).toContainText(`In Hindi: ${hindi}`);
    await confirm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${place} headline saved`)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: `${place} headline text` })).toHaveValue(text);

    // What the player app asks for shows it.
    const id = place === 'Add Money' ? 2 : 3;
    const answer = await api.post('/api-get-headline', { ids: [id] });
    expect((answer.body.data as { notes: string; status: string }[])[0]).toMatchObject({
      notes: text,
      notes_hi: hindi,
      status: '1',
    });
  });
}

test('slider: a slide is added from an image, retitled, moved up, switched off and on, and removed', async ({
  page,
  api,
  baseURL,
}, info) => {
  const owner = await createOperator(baseURL ?? '', 'owner');
  const title = `Diwali offer ${runId()}`;
  await signIn(page, owner);
  await page.goto('/admin/content/slider');
  await expect(page.getByRole('heading', { name: 'Content & settings', level: 1 })).toBeVisible();

  await page.getByRole('textbox', { name: 'Title (read out to screen readers)' }).fill(title);
  await page.getByLabel('Choose an image and add it').setInputFiles({
    name: 'offer.jpg',
    mimeType: 'image/png',
    buffer: await png(1600, 720, '#7c3aed'),
  });
  const add = page.getByRole('dialog', { name: 'Add this slide' });
  await expect(add.getByRole('img', { name: 'The new image' })).toBeVisible();
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Slide added')).toBeVisible();

  const item = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('img', { name: title, exact: true }) });
  await expect(item).toHaveCount(1);
  const src = await item.getByRole('img').getAttribute('src');
  expect(src).toMatch(/^\/media\/[0-9a-f]{32}\.webp$/);
  const positionOf = async () => Number((await item.getAttribute('aria-label'))?.replace('Slide ', ''));
  const position = await positionOf();
  expect(position).toBeGreaterThan(1);

  await item.getByRole('button', { name: `Move slide ${position} up` }).click();
  await expect(page.getByText('Slider order saved')).toBeVisible();
  await expect.poll(positionOf).toBe(position - 1);

  const renamed = `${title} (new)`;
  await item.getByRole('textbox', { name: /title$/ }).fill(renamed);
  await item.getByRole('button', { name: 'Save title' }).click();
  await expect(page.getByText('Slide title saved')).toBeVisible();
  const moved = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('img', { name: renamed, exact: true }) });
  await expect(moved).toHaveCount(1);
  await shot(page, info, 'content-slider');

  // The player app lists it with its new title.
  const listed = async () =>
    ((await api.post('/api-get-slider-images')).body.sliderdata as { title: string }[]).map((s) => s.title);
  expect(await listed()).toContain(renamed);

  // Switched off it stays in the list (greyed) but players no longer get it; on again, they do.
  const shown = moved.getByRole('switch', { name: /^Shown on the slider/ });
  await shown.click();
  await expect(page.getByText(/switched off: players no longer see it$/)).toBeVisible();
  await expect(shown).not.toBeChecked();
  await expect.poll(listed).not.toContain(renamed);
  await expect(moved).toHaveCount(1);
  await shown.click();
  await expect(page.getByText(/is shown again$/)).toBeVisible();
  await expect(shown).toBeChecked();
  await expect.poll(listed).toContain(renamed);

  await moved.getByRole('button', { name: 'Remove' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove the slide' });
  await expect(remove).toContainText(renamed);
  // The destructive choice is not the default: Enter on the fresh dialog cancels.
  await expect(remove.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Slide removed')).toBeVisible();
  await expect(moved).toHaveCount(0);
  expect(await listed()).not.toContain(renamed);
});

test(
  'roles without the owner settings do not see Content & settings, and its address sends them home',
  PHONE,
  async ({ page, baseURL }, info) => {
    const cashier = await createOperator(baseURL ?? '', 'cashier');
    await signIn(page, cashier);
    if (isPhone(info)) await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Content & settings' }),
    ).toHaveCount(0);
    if (isPhone(info)) await page.keyboard.press('Escape');
    await page.goto('/admin/content/payments');
    await expect(page).not.toHaveURL(/\/content/);
    await expect(page.getByRole('heading', { name: 'Content & settings' })).toHaveCount(0);
  },
);
