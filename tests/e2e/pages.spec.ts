import { axeViolations, expect, readToTheEnd, test } from './fixtures.ts';
import { ROUTES, SIGNED_OUT_REDIRECTS } from './routes.ts';

const seen = { titles: new Set<string>(), descriptions: new Set<string>() };

for (const [path, heading] of ROUTES) {
  const signedOutTo = SIGNED_OUT_REDIRECTS[path];
  test(`${path} answers with its heading, its own title, description and canonical link, and no accessibility violations`, async ({
    page,
    problems,
  }) => {
    // The page as served, which search engines and link previews read (parsed on the blank page before it opens).
    const response = await page.request.get(path);
    expect(response.status()).toBe(200);
    const served = await page.evaluate(
      (html) => {
        const document = new DOMParser().parseFromString(html, 'text/html');
        const attribute = (selector: string, name: string) => document.querySelector(selector)?.getAttribute(name) ?? null;
        return {
          title: document.title,
          heading: document.querySelector('h1')?.textContent?.trim() ?? null,
          description: attribute('meta[name="description"]', 'content'),
          canonical: attribute('link[rel="canonical"]', 'href'),
          ogTitle: attribute('meta[property="og:title"]', 'content'),
        };
      },
      await response.text(),
    );
    expect(served.title).toContain('Kamas Backcountry Guides');
    expect(served.description?.length).toBeGreaterThan(40);
    expect(seen.titles.has(served.title), `title "${served.title}" is used twice`).toBe(false);
    expect(seen.descriptions.has(served.description ?? ''), 'description is used twice').toBe(false);
    seen.titles.add(served.title);
    seen.descriptions.add(served.description ?? '');
    expect(served.canonical).toBe(`https://www.kamasbackcountry.com${path}`);
    expect(served.ogTitle).toBe(served.title);

    await page.goto(path);
    if (signedOutTo) {
      expect(served.heading).toBe(heading);
      await expect(page).toHaveURL(signedOutTo);
    } else {
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // An island may retitle the page after it runs (/payment-success names what it found); that title is the site's too.
      expect(await page.title()).toContain('Kamas Backcountry Guides');
    }
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
  const publicPages = ['/services', '/about', '/contact', '/resources', '/booking/faq', '/cancellation-policy'];
  const bookingPages = ['/booking/backcountry-tour', '/booking/avalanche-class', '/booking/mentorship'];
  for (const path of [...publicPages, ...bookingPages]) {
    expect(sitemap).toContain(`<loc>https://www.kamasbackcountry.com${path}</loc>`);
  }
  expect(sitemap).not.toContain('/profile');
  expect(sitemap).not.toContain('/checkout');
  expect(sitemap).not.toContain('/waiver/copy');
  expect(sitemap).not.toContain('/guide');
  expect(sitemap).not.toContain('/booking/called-off');
  expect(sitemap).not.toContain('/ops');
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
