import { axeViolations, expect, readToTheEnd, test } from './fixtures.ts';
import { ROUTES } from './routes.ts';

const seen = { titles: new Set<string>(), descriptions: new Set<string>() };

for (const [path, heading] of ROUTES) {
  test(`${path} answers with its heading, its own title, description and canonical link, and no accessibility violations`, async ({
    page,
    problems,
  }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();

    // The title as served, which og:title repeats for link previews; an island may retitle the page
    // after it runs (/payment-success names what it found), and that title must be the page's own too.
    const servedTitle = await page.evaluate(
      (html) => new DOMParser().parseFromString(html, 'text/html').title,
      (await response?.text()) ?? '',
    );
    const title = await page.title();
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(title).toContain('Kamas Backcountry Guides');
    expect(servedTitle).toContain('Kamas Backcountry Guides');
    expect(description?.length).toBeGreaterThan(40);
    expect(seen.titles.has(title), `title "${title}" is used twice`).toBe(false);
    expect(seen.descriptions.has(description ?? ''), 'description is used twice').toBe(false);
    seen.titles.add(title);
    seen.descriptions.add(description ?? '');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `https://www.kamasbackcountry.com${path}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', servedTitle);

    await readToTheEnd(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
}

test('an unknown address gets the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/no-such-trail');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'We lost the trail' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the sitemap lists the public pages and leaves out the account pages', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  for (const path of ['/services', '/about', '/contact', '/resources', '/booking/faq', '/cancellation-policy']) {
    expect(sitemap).toContain(`<loc>https://www.kamasbackcountry.com${path}</loc>`);
  }
  expect(sitemap).not.toContain('/profile');
  expect(sitemap).not.toContain('/checkout');
});

test('every page is served with the security headers of netlify.toml', async ({ request }) => {
  const response = await request.get('/about');
  const headers = response.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain('https://js.stripe.com');
  expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBeTruthy();
  expect(headers['permissions-policy']).toBeTruthy();
});
