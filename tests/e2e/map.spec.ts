/**
 * The trailhead map on the resources page, against stand-ins for Google's Maps JavaScript API served
 * from Google's own host names (the CSP applies to them as it would to the real ones).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** A stand-in for the Maps JavaScript API: installs `google.maps.importLibrary`, then runs `draw` for each map. */
function mapsScript(draw: string, afterDraw = ''): string {
  return `(() => {
    class Map { constructor(element) { ${draw} } }
    class Marker { constructor() {} }
    google.maps.importLibrary = async (name) => (name === 'maps' ? { Map } : { Marker });
    google.maps.__ib__();
    ${afterDraw}
  })();`;
}

async function serveMaps(page: Page, script: string) {
  await page.route('https://maps.googleapis.com/maps/api/js?**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: script }),
  );
}

test('a rejected maps key shows Error: AuthFailure with a note, and the trailheads stay listed', async ({ page }) => {
  // Google's script reports a bad key by calling gm_authFailure; this stand-in does just that.
  await page.route('https://maps.googleapis.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.gm_authFailure && window.gm_authFailure();' }),
  );
  await page.goto('/resources');
  await page.locator('[data-map]').scrollIntoViewIfNeeded();
  await expect(page.getByRole('alert').filter({ hasText: 'Error: AuthFailure' })).toBeVisible();
  await expect(page.getByText('A problem with the Google Maps API key prevents the map from rendering.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Soapstone Trailhead' })).toBeVisible();
});

test('the map script is not requested until the map section scrolls into view', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith('https://maps.googleapis.com/')) requested.push(request.url());
  });
  await page.setViewportSize({ width: 1280, height: 250 });
  await page.goto('/resources');
  await page.waitForTimeout(500);
  expect(requested).toEqual([]);
  await page.locator('[data-map]').scrollIntoViewIfNeeded();
  await expect.poll(() => requested.length).toBeGreaterThan(0);
  expect(requested[0]).toContain('key=e2e-maps-key');
});

test('a key Google rejects after the map was drawn brings the trailhead list back under the note', async ({ page }) => {
  await serveMaps(
    page,
    mapsScript(
      `const tile = document.createElement('p'); tile.textContent = 'Drawn map'; element.append(tile);`,
      `setTimeout(() => window.gm_authFailure && window.gm_authFailure(), 500);`,
    ),
  );
  await page.goto('/resources');
  const map = page.locator('[data-map]');
  await map.scrollIntoViewIfNeeded();
  await expect(map.getByText('Drawn map')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Soapstone Trailhead' })).toBeHidden();

  const note = page.getByRole('alert').filter({ hasText: 'Error: AuthFailure' });
  await expect(note).toBeVisible();
  await expect(map.getByText('Drawn map')).toHaveCount(0);
  const trailhead = page.getByRole('link', { name: 'Soapstone Trailhead' });
  await expect(trailhead).toBeVisible();
  const [noteBox, listBox] = [await note.boundingBox(), await trailhead.boundingBox()];
  expect(listBox?.y ?? 0).toBeGreaterThan((noteBox?.y ?? 0) + (noteBox?.height ?? 0) - 1);
});

/** Answers every Google host as it would, with CORS open for the API's own calls, and a stylesheet naming Google's font host. */
async function standInGoogle(page: Page) {
  await page.route(/^https:\/\/[^/]*(googleapis|gstatic|google|googleusercontent|ggpht)\.com\//, (route) => {
    const url = route.request().url();
    if (url.startsWith('https://maps.googleapis.com/maps/api/js?')) return route.fallback();
    if (url.startsWith('https://fonts.googleapis.com/css')) {
      return route.fulfill({
        contentType: 'text/css',
        body: "@font-face { font-family: 'Roboto'; src: url(https://fonts.gstatic.com/s/roboto/v30/roboto.woff2) format('woff2'); }",
      });
    }
    const type = route.request().resourceType();
    if (type === 'script') {
      const flag = new URL(url).hostname.replace(/\W/g, '_');
      return route.fulfill({ contentType: 'text/javascript', body: `window.ran = [...(window.ran ?? []), '${flag}'];` });
    }
    return route.fulfill({
      contentType: 'image/png',
      body: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
      headers: { 'Access-Control-Allow-Origin': '*' },
    });
  });
}

const scriptsThatRan = (page: Page) => page.evaluate(() => (window as Window & { ran?: string[] }).ran ?? []);

test('the CSP lets the map reach each host of Google\u2019s list of Maps domains that it uses', async ({ page, problems }) => {
  problems.allow(/Failed to decode downloaded font|OTS parsing error/);
  const requested = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'https:') requested.add(url.host);
  });
  await standInGoogle(page);
  await serveMaps(
    page,
    mapsScript(`
      const style = document.createElement('link');
      style.rel = 'stylesheet';
      style.href = 'https://fonts.googleapis.com/css?family=Roboto:400,500';
      document.head.append(style);
      const label = document.createElement('p');
      label.textContent = 'Drawn map';
      label.style.fontFamily = 'Roboto';
      element.append(label);
      for (const src of [
        'https://maps.gstatic.com/mapfiles/transparent.png',
        'https://maps.googleapis.com/maps/vt?pb=trailheads',
        'https://khms0.googleapis.com/kh?v=1000&x=1&y=2&z=10',
        'https://streetviewpixels-pa.googleapis.com/v1/thumbnail?panoid=x',
        'https://geo0.ggpht.com/cbk?panoid=x',
        'https://lh3.googleusercontent.com/p/trailhead-photo',
      ]) {
        const image = new Image();
        image.alt = '';
        image.src = src;
        element.append(image);
      }
      for (const src of ['https://maps.googleapis.com/maps-api-v3/api/js/61/main.js', 'https://maps.gstatic.com/maps-api-v3/api/js/61/marker.js']) {
        const script = document.createElement('script');
        script.src = src;
        document.head.append(script);
      }
      void fetch('https://maps.googleapis.com/maps/api/mapsjs/gen_204?csp_test=true');
      void fetch('https://csi.gstatic.com/csi?v=3');
      new Worker(URL.createObjectURL(new Blob(['postMessage(1)'], { type: 'text/javascript' })));
    `),
  );
  await page.goto('/resources');
  await page.locator('[data-map]').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-map]').getByText('Drawn map')).toBeVisible();
  await expect(page.locator('[data-map]')).toHaveAttribute('data-state', 'loaded');
  await expect
    .poll(() => [...requested].sort())
    .toEqual(
      expect.arrayContaining([
        'fonts.googleapis.com',
        'fonts.gstatic.com',
        'maps.gstatic.com',
        'khms0.googleapis.com',
        'streetviewpixels-pa.googleapis.com',
        'geo0.ggpht.com',
        'lh3.googleusercontent.com',
        'csi.gstatic.com',
      ]),
    );
  await expect.poll(() => scriptsThatRan(page).then((ran) => ran.sort())).toEqual(['maps_googleapis_com', 'maps_gstatic_com']);
  expect(problems.errors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);
});

test('no script or frame runs from a Google host that serves anyone\u2019s files, even on the map\u2019s page', async ({
  page,
  problems,
}) => {
  problems.allow(/Content Security Policy/);
  await standInGoogle(page);
  await serveMaps(
    page,
    mapsScript(`
      for (const src of [
        'https://storage.googleapis.com/someone-elses-bucket/x.js',
        'https://lh3.googleusercontent.com/someone-elses.js',
        'https://lh3.ggpht.com/someone-elses.js',
        'https://sites.google.com/someone-elses.js',
      ]) {
        const script = document.createElement('script');
        script.src = src;
        document.head.append(script);
      }
      const frame = document.createElement('iframe');
      frame.title = 'Someone else\\'s page';
      frame.src = 'https://sites.google.com/view/someone-else';
      element.append(frame);
      const label = document.createElement('p');
      label.textContent = 'Drawn map';
      element.append(label);
    `),
  );
  await page.goto('/resources');
  await page.locator('[data-map]').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-map]').getByText('Drawn map')).toBeVisible();
  await expect.poll(() => problems.errors.filter((error) => /Content Security Policy/i.test(error)).length).toBeGreaterThanOrEqual(5);
  expect(await scriptsThatRan(page)).toEqual([]);
});
