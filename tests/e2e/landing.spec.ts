import { expect, test } from './fixtures.ts';

test('service cards show prices from the catalog, carousels wrap both ways, and Book Now leads to booking', async ({ page }) => {
  await page.goto('/');
  const courses = page.getByRole('article', { name: 'Avalanche Courses' });
  const tours = page.getByRole('article', { name: 'Backcountry Tours' });
  await expect(courses.getByText('$345 - $395')).toBeVisible();
  await expect(tours.getByText('$250 - $425')).toBeVisible();
  await expect(tours.getByText('December 1st - March 31st')).toBeVisible();

  const status = tours.locator('[data-status]');
  await expect(status).toHaveText('Photo 1 of 3');
  await tours.getByRole('button', { name: 'Previous Backcountry Tours photo' }).click();
  await expect(status).toHaveText('Photo 3 of 3');
  await expect(tours.getByRole('img', { name: /Skis strapped to a snowmobile/ })).toBeVisible();
  await tours.getByRole('button', { name: 'Next Backcountry Tours photo' }).click();
  await expect(status).toHaveText('Photo 1 of 3');
  await expect(tours.getByRole('img', { name: /A skin track climbing/ })).toBeVisible();

  await courses.getByRole('link', { name: /Book Now/ }).click();
  await expect(page).toHaveURL(/\/booking\/avalanche-class$/);
});

test('the Mentorship Program section leads to the page that books a mentorship day', async ({ page }) => {
  await page.goto('/');
  const mentorship = page.getByRole('region', { name: 'Mentorship Program' });
  await mentorship.getByRole('link', { name: 'Book a mentorship day' }).click();
  await expect(page).toHaveURL(/\/booking\/mentorship$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Mentorship Day' })).toBeVisible();
});

test('sections are there without motion, and the hero video is not fetched under reduced motion', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  const media: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'media') media.push(request.url());
  });
  await page.goto('/');
  await page.waitForLoadState('load');
  await page.waitForTimeout(2000);
  for (const name of ['Avalanche Education', 'Adventures', 'Mentorship Program', 'Our partners']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  expect(media).toEqual([]);
  await context.close();
});

test('partners open in a new tab and the footer has its nine links', async ({ page }) => {
  await page.goto('/');
  const partners = page.locator('.partners a');
  await expect(partners).toHaveCount(4);
  for (const link of await partners.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
  const footer = page.getByRole('navigation', { name: 'Footer' });
  const expected: [string, string][] = [
    ['Backcountry Day Tours', '/booking/backcountry-tour'],
    ['Avalanche Classes', '/booking/avalanche-class'],
    ['Booking FAQ', '/booking/faq'],
    ['About', '/about'],
    ['Contact', '/contact'],
    ['Jobs', '/jobs'],
    ['Safety Waiver', '/waiver'],
    ['Cancellation Policy', '/cancellation-policy'],
    ['Gift Cards', '/gift-cards'],
    ['Gift Card Balance', '/gift-cards/balance'],
  ];
  await expect(footer.getByRole('link')).toHaveCount(expected.length);
  for (const [name, href] of expected)
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href as string);
  await page.mouse.wheel(0, 5000);
  await footer.getByRole('link', { name: 'Jobs' }).click();
  await expect(page).toHaveURL(/\/jobs$/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('the resources page lists the trailheads without a maps key, and shows a fallback for a missing forecast image', async ({
  page,
  problems,
}) => {
  await page.route('https://utahavalanchecenter.org/**', (route) => route.fulfill({ status: 404, body: '' }));
  problems.allow(/Failed to load resource: the server responded with a status of 404/);
  await page.goto('/resources');
  await expect(page.getByRole('heading', { name: 'Areas & Trailhead Locations' })).toBeVisible();
  for (const name of ['Soapstone Trailhead', 'Pine Valley Trailhead', 'Wolf Creek Pass Trailhead']) {
    await expect(page.getByRole('link', { name })).toHaveAttribute('href', /google\.com\/maps/);
  }
  expect(await page.locator('[data-map]').evaluate((element) => element.getBoundingClientRect().height)).toBe(400);
  await expect(page.getByRole('heading', { name: 'Avalanche Report & Weather' })).toBeVisible();
  const uac = page.getByRole('link', { name: /Utah Avalanche Center forecast/ });
  await uac.scrollIntoViewIfNeeded();
  await expect(uac.getByText("Today's image is not available right now.", { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: /National Weather Service forecast/ }).getByRole('img')).toBeVisible();
});

test('the mobile layout at 390 px has a menu button that reveals the links', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const about = nav.getByRole('link', { name: 'About' });
  await expect(about).toBeHidden();
  await page.getByRole('button', { name: 'Menu', exact: true }).tap();
  await expect(about).toBeVisible();
  await page.getByRole('button', { name: 'Show services' }).tap();
  await expect(nav.getByRole('link', { name: 'Avalanche Classes' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

test('the hero video starts after the page has loaded, and not for visitors saving data', async ({ page, browser }) => {
  const videoRequest = page.waitForRequest((request) => request.url().includes('/video/hero.'), { timeout: 10_000 });
  await page.goto('/');
  await expect(page.locator('.hero-poster')).toBeVisible();
  expect((await videoRequest).url()).toMatch(/\/video\/hero\.(webm|mp4)$/);

  const context = await browser.newContext();
  await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
  const saver = await context.newPage();
  const media: string[] = [];
  saver.on('request', (request) => {
    if (request.url().includes('/video/')) media.push(request.url());
  });
  await saver.goto('/');
  await saver.waitForLoadState('load');
  await saver.waitForTimeout(2500);
  expect(media).toEqual([]);
  await context.close();
});
