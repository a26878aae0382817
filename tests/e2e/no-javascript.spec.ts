/** The site with JavaScript turned off (the no-javascript project): every page reads and navigates, and no secret leaks. */
import { expect, PHONE, test, tryToSendSignInNatively } from './fixtures.ts';
import { ROUTES } from './routes.ts';

const STATIC_PAGES = ROUTES.filter(
  ([path]) =>
    ![
      '/profile',
      '/pass',
      '/waiver',
      '/waiver/copy',
      '/checkout',
      '/payment-success',
      '/sign-in',
      '/guide',
      '/guide/roster',
      '/guide/trip',
      '/booking/called-off',
      '/ops',
      '/ops/booking',
      '/ops/activity',
      '/ops/date',
      '/ops/dates',
      '/ops/promo-codes',
    ].includes(path),
);

for (const [path, heading] of STATIC_PAGES) {
  test(`${path} reads without JavaScript, with its links in reach on a phone`, async ({ browser }) => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Services', 'About', 'Contact', 'Resources', 'Avalanche Classes', 'Backcountry Day Tours']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    // A control that needs script is disabled; everything else is a link.
    for (const button of await page.getByRole('button').all()) await expect(button).toBeDisabled();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/sign-in');
    await context.close();
  });
}

test('a phone visitor without JavaScript goes from page to page and reaches the sign-in page', async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Services', exact: true }).tap();
  await expect(page).toHaveURL(/\/services$/);
  await nav.getByRole('link', { name: 'Resources' }).tap();
  await expect(page.getByRole('heading', { level: 2, name: 'Areas & Trailhead Locations' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Soapstone Trailhead' })).toBeVisible();
  await nav.getByRole('link', { name: 'Login' }).tap();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await context.close();
});

test('the sign-in form never puts a password in an address, and says it needs JavaScript', async ({ page }) => {
  await page.goto('/sign-in');
  // Browser tests' text queries skip <noscript>; the note is there all the same.
  await expect(page.locator('.auth-card noscript p')).toBeVisible();
  await expect(page.locator('.auth-card noscript p')).toContainText('Signing in needs JavaScript.');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Login with Google' })).toBeDisabled();
  await tryToSendSignInNatively(page, 'rider@example.com', 'secret-powder-1');

  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/sign-in\?mode=signup$/);
});

test('step 1 of the checkout shows the sign-in form without JavaScript, with its buttons disabled, and never sends it', async ({
  page,
}) => {
  await page.goto('/checkout');
  await expect(page.locator('section.checkout-step').getByRole('heading', { level: 2, name: 'Login' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Login with Google' })).toBeDisabled();
  await tryToSendSignInNatively(page, 'rider@example.com', 'secret-powder-4');
});

test('robots.txt points to the sitemap, and the 404 page stays out of search results', async ({ page, request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('User-agent: *');
  expect(robots).toContain('Sitemap: https://www.kamasbackcountry.com/sitemap-index.xml');
  const response = await page.goto('/no-such-trail');
  expect(response?.status()).toBe(404);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});

test('the signed copy of a waiver says it needs JavaScript, and offers no button that cannot work', async ({ page }) => {
  const response = await page.goto('/waiver/copy?id=wvr_any');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Signed Waiver' })).toBeVisible();
  // Browser tests' text queries skip <noscript>; the note is there all the same.
  await expect(page.locator('main noscript p')).toBeVisible();
  await expect(page.locator('main noscript p')).toContainText('Your signed waiver needs JavaScript.');
  await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(0);
});
