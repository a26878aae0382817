/**
 * Staff from the console, on a phone: an operator invites a new guide by e-mail; the invitation
 * arrives with a link to choose a password (which proves the address); the guide signs in and opens
 * the roster; the console lists them as staff; an operator takes the role away for a reason and the
 * roster refuses them at once. Axe finds nothing on the staff page.
 */
import { E2E } from '../../playwright.config.ts';
import { newEmail, newStaffMember, PASSWORD } from './api-customers.ts';
import { axeViolations, expect, islandsReady, PHONE, test } from './fixtures.ts';
import { mailTo } from './mail-inbox.ts';
import { signIn } from './page-helpers.ts';

test.use(PHONE);

test('an operator invites a guide, who signs in to the roster; the role is taken away from the console', async ({
  page,
  browser,
  problems,
}) => {
  problems.allow(/403|Failed to load resource/);
  const operator = await newStaffMember(page.request, 'operator');
  await signIn(page, operator);
  await page.goto('/ops');
  await islandsReady(page);
  await page.getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(page).toHaveURL(/\/ops\/staff$/);
  await islandsReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();

  const invite = page.getByRole('form', { name: 'Invite someone' });
  // Nothing is sent without a role.
  const guideEmail = newEmail('invited-guide');
  await invite.getByLabel('E-mail').fill(guideEmail);
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(invite.getByText('Choose guide or operator.')).toBeVisible();
  await invite.getByRole('radio', { name: /^Guide/ }).check();
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Invitation sent to ${guideEmail}. They will be a guide once they sign in with that address and confirm it.`,
  );
  const waiting = page.getByRole('list', { name: 'Invitations waiting' }).getByRole('listitem').filter({ hasText: guideEmail });
  await expect(waiting).toContainText('As a guide, invited by');
  expect(await axeViolations(page)).toEqual([]);

  // The invitation's e-mail: the identity service's page to choose a password, which proves the address.
  const letter = await mailTo(page.request, guideEmail, /You are invited to join .* as a guide/);
  expect(letter.text).toContain(`${E2E.site}/guide`);
  const setup = new URL(/(http\S*mode=resetPassword\S*)/.exec(letter.text)?.[1] ?? '');
  setup.searchParams.set('newPassword', PASSWORD);
  expect((await page.request.get(setup.href)).ok()).toBe(true);

  const guideContext = await browser.newContext({ ...PHONE, baseURL: E2E.site });
  const guidePage = await guideContext.newPage();
  await signIn(guidePage, guideEmail);
  await guidePage.goto('/guide');
  await islandsReady(guidePage);
  await expect(guidePage.getByRole('link', { name: /^\w{3}, \w{3} \d+, \d+:\d\d [AP]M$/ }).first()).toBeVisible();
  await expect(guidePage.getByRole('alert')).toHaveCount(0);

  // The console lists them as staff, the invitation taken up.
  await page.reload();
  await islandsReady(page);
  await expect(page.getByRole('list', { name: 'Invitations waiting' }).getByText(guideEmail)).toHaveCount(0);
  const member = page.getByRole('list', { name: 'Staff' }).getByRole('listitem').filter({ hasText: guideEmail });
  await expect(member).toContainText('Guide');

  await member.getByRole('button', { name: 'Take away the guide role' }).click();
  await member.getByLabel('Reason').fill('Left for the season');
  await member.getByRole('button', { name: 'Take away the guide role' }).click();
  await expect(member.getByRole('alert')).toContainText('loses the guide role at once');
  await member.getByRole('button', { name: 'Yes, take away the guide role' }).click();
  await expect(page.getByRole('status')).toHaveText(/is no longer a guide\.$/);
  await expect(page.getByRole('list', { name: 'Staff' }).getByText(guideEmail)).toHaveCount(0);

  await guidePage.reload();
  await islandsReady(guidePage);
  await expect(guidePage.getByRole('alert')).toContainText('Only guides can see the roster.');
  await guideContext.close();
});
