import { E2E } from '../../playwright.config.ts';
import { emulatorUser, expect, islandsReady, networkQuiet, PHONE, test } from './fixtures.ts';
import { signUpHere } from './page-helpers.ts';

test.describe('the Services dropdown', () => {
  test('opens on hover, and says so exactly while it shows', async ({ page, problems }) => {
    await page.goto('/about');
    const main = page.getByRole('navigation', { name: 'Main' });
    const classes = main.getByRole('link', { name: 'Avalanche Classes' });
    const toggle = main.getByRole('button', { name: 'Show services' });
    await expect(toggle).toBeEnabled();
    await expect(classes).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await main.getByRole('link', { name: 'Services', exact: true }).hover();
    await expect(classes).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('heading', { level: 1 }).hover();
    await expect(classes).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await main.getByRole('link', { name: 'Services', exact: true }).hover();
    await classes.click();
    await expect(page).toHaveURL(/\/booking\/avalanche-class$/);
    expect(problems.errors).toEqual([]);
  });

  test('opens on keyboard focus, closes on Escape, and opens again when focus comes back', async ({ page }) => {
    await page.goto('/about');
    const main = page.getByRole('navigation', { name: 'Main' });
    const toggle = main.getByRole('button', { name: 'Show services' });
    await main.getByRole('link', { name: 'Services', exact: true }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(main.getByRole('link', { name: 'Backcountry Day Tours' })).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(main.getByRole('link', { name: 'Avalanche Classes' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(main.getByRole('link', { name: 'Avalanche Classes' })).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Tab');
    await expect(main.getByRole('link', { name: 'About' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(main.getByRole('link', { name: 'Avalanche Classes' })).toBeVisible();
  });

  test('opens and closes on a tap of its toggle', async ({ browser }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Menu', exact: true }).tap();
    const toggle = page.getByRole('button', { name: 'Show services' });
    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Backcountry Day Tours' }).first()).toBeVisible();
    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Backcountry Day Tours' })).toBeHidden();
    await context.close();
  });
});

test.describe('the account menu', () => {
  test('signed out shows only Login, and closes on a click outside and on Escape', async ({ page }) => {
    await page.goto('/services');
    const button = page.getByRole('button', { name: 'Account menu' });
    await button.click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Profile' })).toBeHidden();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeHidden();
    await button.click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: 'Login' })).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('closes when focus leaves it', async ({ page }) => {
    await page.goto('/services');
    const button = page.getByRole('button', { name: 'Account menu' });
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Login' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Login' })).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('says so when sign-in cannot load and logout fails, and closes', async ({ page, problems }) => {
    problems.allow(/Failed to load resource|Failed to fetch dynamically imported module|Could not/);
    await page.addInitScript(() =>
      window.localStorage.setItem('auth:known-user', JSON.stringify({ uid: 'u1', email: 'stale@example.com' })),
    );
    await page.route(/\/_astro\/(index\.esm|firebase)\.[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/about');
    const button = page.getByRole('button', { name: 'Account menu, signed in as stale@example.com' });
    await button.click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('alert')).toHaveText('Sign-in could not load. Please check your connection and try again.');
    await expect(button).toBeFocused();
  });
  test('shows the spec message for an e-mail already in use', async ({ page }) => {
    const { email } = await emulatorUser(page);
    await page.goto('/sign-in');
    await islandsReady(page);
    await signUpHere(page, email, 'another-password');
    await expect(page.getByRole('alert')).toHaveText('The email address is already in use.');
  });

  test('refuses a password shorter than six characters before asking the identity service', async ({ page }) => {
    await page.goto('/sign-in');
    await islandsReady(page);
    await page.getByRole('link', { name: 'Sign Up', exact: true }).click();
    await page.getByLabel('Email').fill(`short-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('abc');
    await page.getByLabel('Password').evaluate((input: HTMLInputElement) => input.removeAttribute('minlength'));
    await page.locator('form').getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert')).toHaveText('The password must be at least 6 characters.');
  });
});

test.describe('signing in', () => {
  test('goes back to the page read before, even when the address was typed, and Back skips the form', async ({ page }) => {
    const { email, password } = await emulatorUser(page);
    await page.goto('/about');
    await page.goto('/sign-in');
    await islandsReady(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.locator('form').getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await page.goBack();
    await expect(page).not.toHaveURL(/\/sign-in/);
  });

  for (const elsewhere of ['//evil.example/x', '/\\evil.example/x']) {
    test(`never follows a page whose address starts with ${elsewhere.slice(0, 2)} to another site`, async ({ page }) => {
      const { email, password } = await emulatorUser(page);
      const left: string[] = [];
      await page.route(/^https?:\/\/evil\.example\//, (route) => {
        left.push(route.request().url());
        return route.fulfill({ contentType: 'text/html', body: '<h1>Another site</h1>' });
      });
      // A link to this address shows the 404 page of this site; its Login leads to the sign-in page.
      await page.goto(`${E2E.site}${elsewhere}`);
      await expect(page.getByRole('heading', { level: 1, name: 'We lost the trail' })).toBeVisible();
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('link', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/sign-in$/);
      await islandsReady(page);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.locator('form').getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(`${E2E.site}/`);
      await expect(page.getByRole('button', { name: `Account menu, signed in as ${email}` })).toBeVisible();
      expect(left).toEqual([]);
    });
  }

  test('ties an error to its field and keeps focus on the button', async ({ page }) => {
    const { email } = await emulatorUser(page);
    await page.goto('/sign-in');
    await islandsReady(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not-my-password');
    const submit = page.locator('form').getByRole('button', { name: 'Login' });
    await submit.click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(/^(Incorrect password\. Please try again\.|No account found or invalid credentials\.)$/);
    const errorId = await alert.getAttribute('id');
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-describedby', errorId ?? 'missing');
    await expect(submit).toBeFocused();

    await page.getByRole('link', { name: 'Sign Up', exact: true }).click();
    await expect(page).toHaveURL(/\/sign-in\?mode=signup$/);
    await page.getByLabel('Password').fill('another-password');
    await page.locator('form').getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert')).toHaveText('The email address is already in use.');
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-describedby', errorId ?? 'missing');
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'false');
  });
});

test('sign up, logout, sign in and a wrong password, all through the menu', async ({ page }) => {
  const email = `e2e-menu-${Date.now()}@example.com`;
  await page.goto('/about');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('link', { name: 'Login' }).click();
  await islandsReady(page);
  await signUpHere(page, email, 'powder-day-1');

  // Back one page, signed in, with the welcome of a new account.
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('region', { name: 'Your account is ready' })).toContainText(email);
  const menu = page.getByRole('button', { name: `Account menu, signed in as ${email}` });
  await menu.click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText(email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  await expect(page.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/checkout');
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  await page.getByRole('link', { name: 'Login' }).click();
  await islandsReady(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not-my-password');
  await page.locator('form').getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^(Incorrect password\. Please try again\.|No account found or invalid credentials\.)$/);

  await page.getByLabel('Password').fill('powder-day-1');
  await page.locator('form').getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('button', { name: `Account menu, signed in as ${email}` })).toBeVisible();
});

test('static pages fetch no Firebase code until the account menu opens', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await networkQuiet(page);
  const firebaseChunk = (url: string) => /firebase|index\.esm/.test(url);
  expect(scripts.filter(firebaseChunk)).toEqual([]);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect.poll(() => scripts.some(firebaseChunk)).toBe(true);
});

test('when the database user cannot be created at sign-up, the new account is removed and the error shown', async ({ page, problems }) => {
  problems.allow(/status of 503|Could not load the database user/);
  await page.route(`${E2E.api}/users/user/**`, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Bookings are offline for a moment. Please try again.' }),
    }),
  );
  const email = `e2e-rollback-${Date.now()}@example.com`;
  await page.goto('/sign-in');
  await islandsReady(page);
  await signUpHere(page, email, 'powder-day-1');
  await expect(page.getByRole('alert')).toHaveText('Bookings are offline for a moment. Please try again.');
  await expect(page).toHaveURL(/\/sign-in\?mode=signup$/);

  const signIn = await page.request.post(
    `http://${E2E.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`,
    {
      data: { email, password: 'powder-day-1', returnSecureToken: true },
    },
  );
  expect(signIn.status()).toBe(400);
  expect(JSON.stringify(await signIn.json())).toMatch(/EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/);
});

test('Google sign-in that cannot reach Google shows the spec message and stays signed out', async ({ page, problems }) => {
  problems.allow(/Failed to load resource: net::ERR_/);
  await page.route('https://apis.google.com/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/sign-in');
  await islandsReady(page);
  await page.getByRole('button', { name: 'Login with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to sign in with Google. Please try again.');
  await expect(page.getByRole('button', { name: 'Login with Google' })).toBeEnabled();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});
