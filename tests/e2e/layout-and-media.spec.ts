/** Layout at phone and desktop widths, the photo carousels as assistive technology reads them, and the hero video's pause control. */
import { expect, PHONE, test } from './fixtures.ts';
import { partners } from '../../shared/company/site.ts';

test('at 390 px the header is one row: logo, Menu, account', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto('/about');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const boxes = await Promise.all(
    [
      nav.getByRole('link', { name: 'Kamas Backcountry Guides, home' }),
      nav.getByRole('button', { name: 'Menu', exact: true }),
      nav.getByRole('button', { name: 'Account menu' }),
    ].map(async (control) => (await control.boundingBox()) ?? { x: 0, y: -100, width: 0, height: 0 }),
  );
  const middles = boxes.map((box) => box.y + box.height / 2);
  expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(8);
  expect(boxes[0]?.x ?? 0).toBeLessThan(boxes[1]?.x ?? 0);
  expect(boxes[1]?.x ?? 0).toBeLessThan(boxes[2]?.x ?? 0);
  expect((boxes[2]?.x ?? 0) + (boxes[2]?.width ?? 0)).toBeLessThanOrEqual(390);
  await context.close();
});

test('at 1280 px every partner name fits inside its logo', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const partner of partners) {
    await page.goto(partner.logoUrl);
    const overflow = await page.evaluate(() => {
      const svg = document.querySelector('svg');
      const box = svg?.viewBox.baseVal;
      if (!svg || !box) return ['no svg'];
      return [...svg.querySelectorAll('text')]
        .map((text) => ({ text: text.textContent ?? '', bounds: text.getBBox() }))
        .filter(({ bounds }) => bounds.x < box.x || bounds.x + bounds.width > box.x + box.width)
        .map(({ text }) => text);
    });
    expect(overflow, partner.name).toEqual([]);
  }
  await page.goto('/');
  await expect(page.getByRole('link', { name: /opens in a new tab/ })).toHaveCount(partners.length);
});

test('each photo carousel is a labelled region of slides', async ({ page }) => {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Backcountry Tours photos' });
  await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
  const first = carousel.getByRole('group', { name: '1 of 3' });
  await expect(first).toHaveAttribute('aria-roledescription', 'slide');
  await expect(first.getByRole('img', { name: /A skin track climbing/ })).toBeVisible();
  await carousel.getByRole('button', { name: 'Next Backcountry Tours photo' }).click();
  await expect(carousel.getByRole('group', { name: '2 of 3' })).toBeVisible();
  await expect(first).toBeHidden();
});

test('the looping hero video has a visible pause button, and stays still on the next visit once paused', async ({ page }) => {
  await page.goto('/');
  const pause = page.getByRole('button', { name: 'Pause video' });
  await expect(pause).toBeVisible({ timeout: 10_000 });
  const video = page.locator('[data-hero-video]');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
  await pause.click();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
  const play = page.getByRole('button', { name: 'Play video' });
  await expect(play).toBeFocused();

  const media: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/video/')) media.push(request.url());
  });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Play video' })).toBeVisible();
  await page.waitForTimeout(2500);
  expect(media).toEqual([]);
  await page.getByRole('button', { name: 'Play video' }).click();
  await expect(page.getByRole('button', { name: 'Pause video' })).toBeVisible({ timeout: 10_000 });
});
