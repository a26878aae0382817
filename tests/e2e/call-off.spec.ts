/**
 * The company calls off a day for avalanche danger with `npm run date:call-off`, as an operator
 * does (the command needs the database folder, so this test runs a booking API of its own, stopped
 * while the command runs). The payer finds the message in the mail catcher, and the booking waiting
 * for their choice on My Bookings with the same link; follows it, and moves the booking to another
 * date at no charge.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E } from '../../playwright.config.ts';
import { startApiProcess, stopProcess } from '../../scripts/processes.ts';
import { formatDenverDateTime } from '../../shared/rules/dates.ts';
import { bookByApi, calendar, freshDate, officeOperator, readyCustomer, startOf } from './api-customers.ts';
import { axeViolations, expect, islandsReady, ownApiSettings, test } from './fixtures.ts';
import { mailTo } from './mail-inbox.ts';
import { myBookings, signIn } from './page-helpers.ts';

/** This test's own booking API (the run's is on 8788). */
const CALL_OFF_API_PORT = 8796;
const REASON = 'High avalanche danger';

async function startApi(dataDir: string): Promise<ChildProcess> {
  const { child } = await startApiProcess({ API_PORT: String(CALL_OFF_API_PORT), ...ownApiSettings(dataDir) });
  return child;
}

/** `npm run date:call-off -- DATE_ID --reason REASON --by OPERATOR` on this test's database folder: what it prints. */
function callOff(dataDir: string, dateId: string, by: string): string {
  const run = spawnSync(process.execPath, ['api/cli/call-off-cli.ts', dateId, '--reason', REASON, '--by', by], {
    env: { ...process.env, ...ownApiSettings(dataDir) },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim();
}

test('a called-off day’s payer follows the link in the message and moves to another date at no charge', async ({ page, problems }) => {
  test.setTimeout(120_000);
  const api = `http://127.0.0.1:${CALL_OFF_API_PORT}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'kamas-e2e-call-off-'));
  let child: ChildProcess | null = null;
  try {
    child = await startApi(dataDir);
    const payer = await readyCustomer(page.request, api);
    const date = await freshDate(page.request, 'winter-day-tours', undefined, api);
    await bookByApi(page.request, payer, { dateId: date.id, priceId: 'price_tour_ski', calendar: 'winter-day-tours', partySize: 2 }, api);
    await stopProcess(child);

    const office = await officeOperator(page.request);
    expect(callOff(dataDir, date.id, office)).toBe(`Called off ${date.id}: 1 booking was sent a choice of a full refund or a new date.`);
    expect(callOff(dataDir, date.id, office)).toBe(`${date.id} was already called off; nothing more was done.`);

    child = await startApi(dataDir);
    expect((await calendar(page.request, 'winter-day-tours', { api })).some((entry) => entry.id === date.id)).toBe(false);
    const message = await mailTo(page.request, payer.email, /^Called off: /);
    expect(message.text).toContain(`Reason: ${REASON}`);
    expect(message.text).toMatch(
      /Keep it as credit: a gift card for \$[\d,.]+, 10% more than you paid: \$[\d,.]+ of it is a promotional bonus\./,
    );
    const link = /http:\/\/127\.0\.0\.1:4322\/booking\/called-off\?booking=[\w-]+/.exec(message.text)?.[0];
    if (!link) throw new Error('the message holds no link to choose');

    // The built site calls 8788; in this test that is this test's own API.
    await page.route(`${E2E.api}/**`, (route) => route.continue({ url: route.request().url().replace(E2E.api, api) }));
    await signIn(page, payer.email);
    // My Bookings keeps the called-off booking in sight until its payer chooses, with the message's link.
    await page.goto('/profile');
    await islandsReady(page);
    const waiting = myBookings(page).getByRole('article', { name: 'Ski & Splitboard Touring Day' });
    await expect(waiting).toContainText('Called off');
    await expect(waiting).toContainText(
      'We called off this date. Choose a full refund, credit worth more, or another date at no charge by',
    );
    const choose = waiting.getByRole('link', { name: /^Choose a refund or a new date/ });
    expect(new URL((await choose.getAttribute('href')) ?? '', E2E.site).href).toBe(link);
    expect(await axeViolations(page)).toEqual([]);
    await choose.click();
    await islandsReady(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Called-Off Day' })).toBeVisible();
    await expect(page.getByText(`We called off Ski & Splitboard Touring Day on ${formatDenverDateTime(startOf(date))}.`)).toBeVisible();
    await expect(page.getByText(REASON)).toBeVisible();
    await expect(page.getByRole('region', { name: 'A full refund' })).toContainText('$500 back to the card you paid with.');
    const dates = page.getByRole('group', { name: 'Dates with seats for your party of 2, at no charge:' });
    const first = dates.getByRole('radio').first();
    await expect(first).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Moving needs a date: the button says so until one is chosen.
    await page.getByRole('button', { name: 'Move to this date' }).click();
    await expect(page.getByRole('alert')).toHaveText('Choose a date first.');
    const chosenLabel = (await first.evaluate((radio) => radio.parentElement?.textContent ?? '')).trim();
    await first.check();
    await page.getByRole('button', { name: 'Move to this date' }).click();
    await expect(page.getByRole('status')).toHaveText(
      `Your booking moved to ${chosenLabel}. Your party, invite link and QR code stay the same.`,
    );

    await page.goto('/profile');
    await islandsReady(page);
    const card = myBookings(page).getByRole('article', { name: 'Ski & Splitboard Touring Day' });
    await expect(card.getByRole('time')).toHaveText(chosenLabel);
    const moved = await mailTo(page.request, payer.email, /^New date: /);
    expect(moved.text).toContain(`to ${chosenLabel}`);
    expect(problems.errors).toEqual([]);
  } finally {
    await page.goto('about:blank');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
});
