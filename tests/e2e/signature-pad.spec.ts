/**
 * The waiver's signature pad (the one form on /waiver, checkout's step 3 and the profile) on a slow
 * phone: until it takes strokes it looks disabled and says 'Loading the signature pad...', and once
 * it takes them a signature drawn at once is kept and can be signed.
 */
import type { CDPSession, Locator, Page, Route } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import { apiCustomer, axeViolations, expect, holdScripts, islandsReady, PHONE, test } from './fixtures.ts';
import { inkedImage, SIGNATURE_STROKE, signaturePad, signIn } from './page-helpers.ts';

const LOADING = 'Loading the signature pad...';

/** A phone on a slow mobile connection: DevTools' "Slow 3G" (2 s round trips, 50 KB/s each way) and a processor four times slower. */
async function slowPhone(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 2000,
    downloadThroughput: 50 * 1024,
    uploadThroughput: 50 * 1024,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/** A finger drawn across `area`, as touch events: down at the left, a zigzag, up at the right. */
async function fingerStroke(cdp: CDPSession, area: Locator) {
  const box = await area.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  const at = (x: number, y: number) => [{ x: box.x + box.width * x, y: box.y + box.height * y }];
  const [start = [0, 0], ...moves] = SIGNATURE_STROKE;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(...start) });
  for (const [x, y] of moves) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(x, y) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Holds back the pad's drawing code, as a slow connection keeps it on its way; resolves to a function that lets it through. */
async function holdPadCode(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/_astro\/signature-canvas\.[\w-]+\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    for (const route of held.splice(0)) await route.continue();
  };
}

test.describe('on a phone 390 px wide with a slow connection', () => {
  test.use(PHONE);

  test('the pad on the profile says it is loading and takes nothing until it is live, and a signature drawn as soon as it is live is kept', async ({
    page,
    problems,
  }) => {
    test.setTimeout(180_000);
    const customer = await apiCustomer(page.request);
    await signIn(page, customer.email);
    const cdp = await slowPhone(page);
    const releasePadCode = await holdPadCode(page);
    await page.goto('/profile', { waitUntil: 'commit' });

    const waiver = page.getByRole('region', { name: 'Waiver', exact: true });
    const agree = waiver.getByLabel('I agree to the terms and conditions');
    const sign = waiver.getByRole('button', { name: 'Sign Waiver' });
    const pad = signaturePad(page);
    await expect(agree).toBeEnabled({ timeout: 90_000 });

    // The customer scrolls down to the waiver while the pad's drawing code is still on its way: the pad says so.
    await pad.scrollIntoViewIfNeeded();
    await expect(pad.getByText(LOADING)).toBeVisible();
    await expect(pad).toHaveAccessibleName(`Signature (draw with your mouse, finger or stylus) ${LOADING} Empty`);
    await expect(pad.locator('canvas')).toHaveCount(0);
    expect(await axeViolations(page), 'the pad while it loads').toEqual([]);

    // Ticked, and a finger drawn across the pad while it says it is loading: nothing is taken for a signature, and it still says why.
    await agree.check();
    await fingerStroke(cdp, pad);
    await expect(sign).toBeDisabled();
    await expect(pad.getByText(LOADING)).toBeVisible();

    // The code arrives over the slow connection: the pad stops saying it is loading, and a signature drawn at once is kept.
    await releasePadCode();
    await expect(pad.getByText(LOADING)).toBeHidden({ timeout: 60_000 });
    await expect(pad).toHaveAccessibleName(/Empty$/);
    await fingerStroke(cdp, pad.locator('canvas'));
    await expect(pad).toHaveAccessibleName(/Signed$/);
    await expect(sign).toBeEnabled();

    // The rest of the page finishes loading over the slow connection: the signature and the ticked box stay.
    await page.waitForLoadState('networkidle', { timeout: 90_000 });
    await page.waitForTimeout(3000);
    await expect(agree).toBeChecked();
    await expect(pad).toHaveAccessibleName(/Signed$/);
    const drawn = await pad.locator('canvas').evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL('image/png'));
    expect(await inkedImage(page, drawn)).toEqual({ width: 1500, height: 200, inked: true });

    await sign.click();
    await expect(waiver.getByRole('alert').filter({ hasText: 'Waiver saved' })).toHaveText('Waiver saved', { timeout: 60_000 });
    const stored = await page.request.get(`${E2E.api}/users/user/${customer.uid}`, {
      headers: { Authorization: `Bearer ${customer.idToken}` },
    });
    const { signature } = (await stored.json()) as { signature?: string | null };
    expect(await inkedImage(page, signature ?? '')).toEqual({ width: 1500, height: 200, inked: true });
    expect(problems.errors).toEqual([]);
  });
});

test.describe('on a phone 390 px wide', () => {
  test.use(PHONE);

  test('a signature drawn by finger on the larger pad is placed in the waiver’s pad and saved; Cancel keeps the pad as it was', async ({
    page,
    problems,
  }) => {
    const customer = await apiCustomer(page.request);
    await signIn(page, customer.email);
    await page.goto('/profile');
    await islandsReady(page);
    const waiver = page.getByRole('region', { name: 'Waiver', exact: true });
    const pad = signaturePad(page);
    await pad.scrollIntoViewIfNeeded();
    await expect(pad).toHaveAccessibleName(/Empty$/);
    const cdp = await page.context().newCDPSession(page);

    // The view fills the phone’s screen, with a signing area across it three times as tall as the pad.
    const padBox = await pad.boundingBox();
    await page.getByRole('button', { name: 'Sign on a larger pad' }).click();
    const view = page.getByRole('dialog', { name: 'Sign here' });
    await expect(view).toBeVisible();
    expect(await view.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    const area = view.getByRole('img', { name: /^Large signing area/ });
    const box = await area.boundingBox();
    expect(box?.width).toBeGreaterThan(340);
    expect(box?.height).toBeGreaterThan(3 * (padBox?.height ?? Infinity));
    expect(await axeViolations(page), 'the signing view').toEqual([]);

    // Drawn, then Cancel: nothing reaches the waiver's pad.
    await expect(view.getByRole('button', { name: 'Use this signature' })).toBeDisabled();
    await fingerStroke(cdp, area.locator('canvas'));
    await expect(area).toHaveAccessibleName('Large signing area, signed');
    await view.getByRole('button', { name: 'Cancel' }).click();
    await expect(view).toBeHidden();
    await expect(pad).toHaveAccessibleName(/Empty$/);

    // Drawn again and used: the pad holds the signature, at the stored image's shape.
    await page.getByRole('button', { name: 'Sign on a larger pad' }).click();
    await expect(area).toHaveAccessibleName('Large signing area, empty');
    await fingerStroke(cdp, area.locator('canvas'));
    await view.getByRole('button', { name: 'Use this signature' }).click();
    await expect(view).toBeHidden();
    await expect(pad).toHaveAccessibleName(/Signed$/);
    const drawn = await pad.locator('canvas').evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL('image/png'));
    expect(await inkedImage(page, drawn)).toEqual({ width: 1500, height: 200, inked: true });

    await waiver.getByLabel('I agree to the terms and conditions').check();
    await waiver.getByRole('button', { name: 'Sign Waiver' }).click();
    await expect(waiver.getByRole('alert').filter({ hasText: 'Waiver saved' })).toBeVisible();
    const stored = await page.request.get(`${E2E.api}/users/user/${customer.uid}`, {
      headers: { Authorization: `Bearer ${customer.idToken}` },
    });
    const { signature } = (await stored.json()) as { signature?: string | null };
    expect(await inkedImage(page, signature ?? '')).toEqual({ width: 1500, height: 200, inked: true });
    expect(problems.errors).toEqual([]);
  });
});

test('before its script runs, the pad on /waiver says it is loading', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/waiver', { waitUntil: 'commit' });
  const pad = signaturePad(page);
  await expect(pad.getByText(LOADING)).toBeVisible();
  await expect(pad).toHaveAccessibleName(`Signature (draw with your mouse, finger or stylus) ${LOADING} Empty`);
  await expect(pad.locator('canvas')).toHaveCount(0);
  await release();
  await expect(page).toHaveURL('/sign-in');
});
