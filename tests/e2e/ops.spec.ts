/**
 * The operators' console on a phone: an operator granted by `npm run staff:grant` signs in, finds
 * `Operations` in the account menu, sees a date's party with the member who has not signed the
 * waiver marked, finds the booking by the payer's e-mail, cancels it with a reason and a refund
 * amount, and the seats return on the public calendar; the record lists the action. Axe finds
 * nothing on any console view.
 */
import type { Page } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import type { OpsDateKind } from '../../shared/contract/ops-answers.ts';
import { denverDay, denverDayPlus, denverInstant, formatDenverDateTime } from '../../shared/rules/dates.ts';
import {
  bookByApi,
  bookingIdOn,
  calendar,
  classDateWithSeats,
  newStaffMember,
  PASSWORD,
  readyCustomer,
  seatsTaken,
  signInByApi,
  startOf,
} from './api-customers.ts';
import { apiCustomer, axeViolations, expect, holdRequests, islandsReady, PHONE, test } from './fixtures.ts';
import { mailTo } from './mail-inbox.ts';
import { verifyEmail } from '../support/emulator-links.ts';
import { browserWithCamera, cameraFileOf } from './fake-camera.ts';
import {
  dayButton,
  dayKeyOf,
  gridOf,
  longDay,
  myBookings,
  openForm,
  referenceOf,
  shortDate,
  showMonthOf,
  signIn,
  signInAndOpenProfile,
  TOUR_PAGE,
  utcNoon,
} from './page-helpers.ts';

const CLASS_PRICE = 'price_class_sledski';
const CLASSES = 'winter-classes';

test.use(PHONE);

/** A new operator, signed in on `page`, on a console page with its island running. */
async function openAsOperator(page: Page, path: string): Promise<void> {
  const operator = await newStaffMember(page.request, 'operator');
  await signIn(page, operator);
  await page.goto(path);
  await islandsReady(page);
}

/** A ready customer who has paid for `partySize` seats of a class date with room for them. */
async function paidClassBooking(page: Page, partySize: number) {
  const payer = await readyCustomer(page.request);
  const entry = await classDateWithSeats(page.request, CLASS_PRICE, partySize);
  await bookByApi(page.request, payer, { dateId: entry.id, priceId: CLASS_PRICE, calendar: CLASSES, partySize });
  return { payer, entry, bookingId: await bookingIdOn(page.request, payer, entry.id) };
}

test('an operator finds a party’s readiness, cancels a booking for its customer with a refund, and the seats return', async ({
  page,
  problems,
}) => {
  test.setTimeout(120_000);
  const { payer, entry, bookingId } = await paidClassBooking(page, 2);
  const calendarAnswer = await page.request.get(`${E2E.api}/calendar/${CLASSES}`, {
    headers: { Authorization: `Bearer ${payer.idToken}` },
  });
  const inviteCode = ((await calendarAnswer.json()) as { id: string; inviteCode?: string }[]).find(
    (date) => date.id === entry.id,
  )?.inviteCode;
  // A friend joins the party but has signed nothing yet.
  const friend = await apiCustomer(page.request);
  const joined = await page.request.post(`${E2E.api}/calendar/invite`, {
    headers: { Authorization: `Bearer ${friend.idToken}` },
    data: { inviteCode },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  const seatsBefore = await seatsTaken(page.request, CLASSES, entry.id);

  const operator = await newStaffMember(page.request, 'operator');
  await signIn(page, operator);
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('link', { name: 'Operations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
  await islandsReady(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Today and the days ahead' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The week of the booked date: the party, with the friend marked.
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver' }).format(startOf(entry));
  await page.goto(`/ops?from=${day}`);
  const dateCard = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${formatDenverDateTime(startOf(entry))}`) }) });
  const party = dateCard.getByRole('listitem').filter({ hasText: `${payer.name}, party of 2` });
  await expect(party.getByRole('listitem').filter({ hasText: 'Casey Ridge' })).toContainText('Ready');
  await expect(party.getByRole('listitem').filter({ hasText: friend.email.split('@')[0] ?? '' })).toContainText('Waiver missing');
  expect(await axeViolations(page)).toEqual([]);

  // Find the booking by the payer's e-mail, as when they call the office.
  await page.getByLabel('E-mail, name, phone or booking reference').fill(payer.email);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(/\/ops\?q=/);
  const found = page.getByRole('list', { name: `Bookings matching ${payer.email}` });
  await found.getByRole('link', { name: new RegExp(`^${payer.name}, `) }).click();
  await expect(page).toHaveURL(new RegExp(`/ops/booking\\?id=${bookingId}$`));
  await expect(page.getByRole('heading', { level: 2, name: `Party of 2` })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const form = await openForm(page, 'Cancel booking', 'Cancel this booking', 'Reason');
  await form.getByLabel('Refund in dollars').fill('1000');
  await form.getByRole('button', { name: 'Cancel and refund $1,000' }).click();
  await expect(form.getByText(/^A refund can be at most what was paid/)).toBeVisible();
  await expect(form.getByText('Give a reason (up to 500 characters).')).toBeVisible();
  await form.getByLabel('Reason').fill('Injured knee, called the office');
  await form.getByLabel('Refund in dollars').fill('120.50');
  await form.getByRole('button', { name: 'Cancel and refund $120.50' }).click();
  await expect(page.getByRole('status')).toHaveText(`Cancelled. $120.50 goes back to ${payer.name}.`);
  await expect(page.getByRole('list').filter({ hasText: 'refund of $120.50' })).toBeVisible();
  expect(await seatsTaken(page.request, CLASSES, entry.id)).toBe(seatsBefore - 2);
  await mailTo(page.request, payer.email, /^Cancelled: /);

  await page.goto('/ops/activity');
  await islandsReady(page);
  const action = page.getByRole('listitem').filter({ hasText: `booking ${referenceOf(bookingId)}` });
  await expect(action).toContainText('Injured knee, called the office');
  // What changed, in words: money as dollars, no raw record.
  await expect(action).toContainText(/Cancelled; \$120\.50 refunded of \$[\d,]+ paid/);
  await expect(page.getByRole('list', { name: 'Operator actions, newest first' })).not.toContainText('{');
  await expect(action).toContainText(operator);
  expect(await axeViolations(page)).toEqual([]);
  expect(problems.errors).toEqual([]);
});

test('an operator sees tomorrow’s date with the member who has not signed the waiver marked', async ({ page, problems }) => {
  test.setTimeout(120_000);
  const operator = await newStaffMember(page.request, 'operator');
  const asOperator = { Authorization: `Bearer ${(await signInByApi(page.request, operator)).idToken}` };
  const tomorrow = denverDayPlus(denverDay(new Date()), 1);
  const kinds = (await (await page.request.get(`${E2E.api}/ops/date-kinds`, { headers: asOperator })).json()) as OpsDateKind[];
  const kind = kinds.find((candidate) => candidate.calendar === CLASSES);
  const added = await page.request.post(`${E2E.api}/ops/dates`, {
    headers: asOperator,
    data: { kind: kind?.key, firstDay: tomorrow, time: '09:30', capacity: 4, reason: 'A group asked for tomorrow' },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const [dateId] = ((await added.json()) as { added: string[] }).added;
  // Booked by the office for a customer who called (whose account has proved its address, so the
  // booking is theirs at once); a friend joins the party but has signed nothing.
  const payer = await readyCustomer(page.request);
  await verifyEmail(E2E.authEmulator, E2E.projectId, payer.idToken, payer.email);
  const booked = await page.request.post(`${E2E.api}/ops/bookings`, {
    headers: asOperator,
    data: {
      email: payer.email,
      dateId,
      partySize: 2,
      paidBy: 'cash',
      reason: 'Called the office',
      requestId: `e2e-tomorrow-${Date.now()}`,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const mine = (await calendar(page.request, CLASSES, { token: payer.idToken })).find((date) => date.id === dateId);
  const friend = await apiCustomer(page.request);
  const joined = await page.request.post(`${E2E.api}/calendar/invite`, {
    headers: { Authorization: `Bearer ${friend.idToken}` },
    data: { inviteCode: mine?.inviteCode },
  });
  expect(joined.ok(), await joined.text()).toBe(true);

  await signIn(page, operator);
  await page.goto('/ops');
  await islandsReady(page);
  const when = formatDenverDateTime(denverInstant(tomorrow, 9, 30));
  const dateCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`^${when}`) }) });
  const party = dateCard.getByRole('listitem').filter({ hasText: `${payer.name}, party of 2` });
  await expect(party.getByRole('listitem').filter({ hasText: friend.email.split('@')[0] ?? '' })).toContainText('Waiver missing');
  expect(await axeViolations(page)).toEqual([]);
  expect(problems.errors).toEqual([]);

  // The date leaves the calendars again, so the tests that take class dates never meet it.
  const { id: bookingId } = (await booked.json()) as { id: string };
  const cancelled = await page.request.post(`${E2E.api}/ops/bookings/${bookingId}/cancel`, {
    headers: asOperator,
    data: { reason: 'End of the test', refund: 0 },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  const withdrawn = await page.request.post(`${E2E.api}/ops/dates/${dateId}/withdraw`, {
    headers: asOperator,
    data: { reason: 'End of the test' },
  });
  expect(withdrawn.ok(), await withdrawn.text()).toBe(true);
});

test('an operator finds a booking by holding the phone’s camera over the QR code on its customer’s card', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const { payer, entry, bookingId } = await paidClassBooking(page, 1);
  await signInAndOpenProfile(page, payer.email);
  const cameraFile = testInfo.outputPath('booking-card-qr.y4m');
  await cameraFileOf(myBookings(page).getByRole('img', { name: `QR code of booking ${referenceOf(bookingId)}` }), cameraFile);

  const operator = await newStaffMember(page.request, 'operator');
  const phone = await browserWithCamera(cameraFile);
  try {
    const context = await phone.newContext({ ...PHONE, baseURL: E2E.site, permissions: ['camera'] });
    const ops = await context.newPage();
    await signIn(ops, operator);
    await ops.goto('/ops');
    await islandsReady(ops);
    await ops.getByRole('button', { name: 'Scan a booking’s QR code' }).click();
    await expect(ops).toHaveURL(new RegExp(`/ops\\?q=${entry.id}$`), { timeout: 30_000 });
    const found = ops.getByRole('list', { name: `Bookings matching ${entry.id}` });
    // The card names its date: every party on it is listed, each with its payer's e-mail.
    await found.getByRole('listitem').filter({ hasText: payer.email }).getByRole('link').click();
    await expect(ops).toHaveURL(new RegExp(`/ops/booking\\?id=${bookingId}$`));
    await expect(ops.getByRole('definition').filter({ hasText: referenceOf(bookingId) })).toBeVisible();
  } finally {
    await phone.close();
  }
});

test('an operator adds a note, sends the confirmation again, and calls off a date after seeing who is affected', async ({
  page,
  problems,
}) => {
  test.setTimeout(120_000);
  const { payer, entry, bookingId } = await paidClassBooking(page, 3);
  await openAsOperator(page, `/ops/booking?id=${bookingId}`);
  const noteForm = await openForm(page, 'Add a note', 'A note for the guides', 'Note');
  await noteForm.getByRole('button', { name: 'Add note' }).click();
  await expect(noteForm.getByText('Write the note (up to 1000 characters).')).toBeVisible();
  await noteForm.getByLabel('Note').fill('Rents a beacon at the shop');
  await noteForm.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('button', { name: 'Add a note' })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Notes for the guides' })).toContainText('Rents a beacon at the shop');

  await page.getByRole('button', { name: 'Send the confirmation again' }).click();
  const resend = page.getByRole('form', { name: 'Send the confirmation again' });
  await resend.getByLabel('Reason').fill('Could not find the first e-mail');
  await resend.getByRole('button', { name: 'Send it again' }).click();
  await expect(page.getByRole('status')).toHaveText(`The confirmation is on its way to ${payer.email}.`);
  await expect
    .poll(async () => {
      const inbox = (await (await page.request.get(`${E2E.mailInbox}/api/email`)).json()) as {
        to: { address: string }[];
        subject: string;
      }[];
      return inbox.filter((mail) => mail.to.some((to) => to.address === payer.email) && /^Booked: /.test(mail.subject)).length;
    })
    .toBe(2);
  expect(await axeViolations(page)).toEqual([]);

  // Conditions turn: the date's card links to calling it off.
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver' }).format(startOf(entry));
  await page.goto(`/ops?from=${day}`);
  await islandsReady(page);
  await openDate(page, startOf(entry));
  await expect(page.getByRole('heading', { level: 1, name: 'Date' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Parties on this date' })).toContainText(`${payer.name}, party of 3`);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Call off this date' }).click();
  const callOff = page.getByRole('form', { name: 'Call off this date' });
  // It says beforehand whom it tells, and asks once more before it is done.
  await expect(callOff).toContainText(
    /(The payer of the 1 party|Each payer of the \d+ parties) \(\d+ seats?\) is e-mailed this reason and asked to choose a full refund or another date at no charge\./,
  );
  await callOff.getByLabel('Reason').fill('High avalanche danger');
  await callOff.getByRole('button', { name: 'Call off the date' }).click();
  await expect(callOff.getByRole('alert')).toHaveText(`Call off ${formatDenverDateTime(startOf(entry))} now? This cannot be undone.`);
  await expect(page.getByText('This date is called off.')).toHaveCount(0);
  await callOff.getByRole('button', { name: 'Yes, call off the date' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Called off.' })).toBeVisible();
  await expect(page.getByText('This date is called off.')).toBeVisible();
  const message = await mailTo(page.request, payer.email, /^Called off: /);
  expect(message.text).toContain('Reason: High avalanche danger');
  expect(problems.errors).toEqual([]);
});

/** Opens a date's page from the days ahead: its card's link, or, when nobody has booked it, its line in the fold. */
async function openDate(page: Page, startsAt: Date) {
  const when = formatDenverDateTime(startsAt);
  await expect(page.getByRole('navigation', { name: 'Days shown' })).toBeVisible();
  const card = page.getByRole('link', { name: `Manage ${when}` });
  if (await card.isVisible()) return card.click();
  await page.getByText(/^\d+ dates? nobody has booked yet$/).click();
  await page.getByRole('group').getByRole('link', { name: when, exact: true }).click();
}

test('an operator books a customer who called, paid in cash, and the confirmation reaches the customer', async ({
  page,
  problems,
  browser,
}) => {
  test.setTimeout(90_000);
  const entry = await classDateWithSeats(page.request, CLASS_PRICE, 2);
  const caller = `e2e-phone-${Date.now()}@example.com`;
  await openAsOperator(page, `/ops?from=${denverDay(startOf(entry))}`);
  await openDate(page, startOf(entry));
  await islandsReady(page);

  const form = await openForm(page, 'Book for a customer', 'Book for a customer', "Customer's e-mail");
  await form.getByLabel("Customer's e-mail").fill(caller);
  await form.getByLabel('Name, for a customer new to the site').fill('Pat Caller');
  await form.getByLabel('Party size').selectOption('2');
  await form.getByRole('button', { name: 'Book' }).click();
  await expect(form.getByText('Choose how the booking was paid.')).toBeVisible();
  await expect(form.getByText('Give a reason (up to 500 characters).')).toBeVisible();
  await form.getByLabel('Paid in cash').check();
  await expect(form.getByText('Total: $690')).toBeVisible();
  await form.getByLabel('Reason').fill('Called the office');
  await form.getByRole('button', { name: 'Book' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Booked for Pat Caller, party of 2.' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Parties on this date' })).toContainText('Pat Caller, party of 2');
  expect(await axeViolations(page)).toEqual([]);

  const confirmation = await mailTo(page.request, caller, /^Booked: /);
  expect(confirmation.text).toContain('$690 in cash');
  expect(confirmation.text).toMatch(/\/checkout\?invite=inv_/);

  await page.getByRole('link', { name: 'See the booking' }).click();
  await islandsReady(page);
  await expect(page.getByRole('definition').filter({ hasText: '$690 in cash' })).toBeVisible();
  expect(problems.errors).toEqual([]);

  // New to the site, the customer chooses a password through the message's link, signs in and finds the booking.
  const setupLink = /(http\S+mode=resetPassword\S+)/.exec(confirmation.text)?.[1] ?? '';
  expect(confirmation.text).toContain('Choose a password');
  const oobCode = new URL(setupLink).searchParams.get('oobCode');
  const reset = await page.request.post(
    `http://${E2E.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo-key`,
    {
      data: { oobCode, newPassword: PASSWORD },
    },
  );
  expect(reset.ok(), await reset.text()).toBe(true);
  const customerContext = await browser.newContext({ ...PHONE, baseURL: E2E.site });
  const customerPage = await customerContext.newPage();
  await signInAndOpenProfile(customerPage, caller);
  await expect(myBookings(customerPage).getByRole('article')).toHaveCount(1);
  await customerContext.close();
});

test('an operator books a customer who pays by card in the same card form, and the confirmation reaches the customer', async ({
  page,
  problems,
}) => {
  test.setTimeout(90_000);
  const entry = await classDateWithSeats(page.request, CLASS_PRICE, 1);
  const customer = await readyCustomer(page.request);
  await openAsOperator(page, `/ops/date?id=${entry.id}`);
  await page.getByRole('button', { name: 'Book for a customer' }).click();
  const form = page.getByRole('form', { name: 'Book for a customer' });
  await form.getByLabel("Customer's e-mail").fill(customer.email);
  await form.getByLabel('By card, now').check();
  await form.getByLabel('Reason').fill('Booked by phone');
  await form.getByRole('button', { name: 'Hold the seats and take the card' }).click();
  const card = page.getByRole('region', { name: "The customer's card" });
  await expect(card).toContainText('$345 by card.');
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
  await card.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Booked for ${customer.name}, party of 1.` })).toBeVisible();
  const confirmation = await mailTo(page.request, customer.email, /^Booked: /);
  expect(confirmation.text).toContain('Paid: $345');
  expect(confirmation.text).not.toContain('in cash');
  expect(await axeViolations(page)).toEqual([]);
  expect(problems.errors).toEqual([]);
});

test('an operator adds a day tour on a Tuesday, and it shows on the booking page', async ({ page, problems }) => {
  test.setTimeout(90_000);
  const tours = await calendar(page.request, 'winter-day-tours');
  const last = dayKeyOf(startOf(tours.at(-1) ?? tours[0]!));
  // Day tours never run on Tuesdays: the first Tuesday at least three weeks ahead, inside the season.
  let day = dayKeyOf(new Date(Date.now() + 21 * 86_400_000));
  while (utcNoon(day).getUTCDay() !== 2) day = dayKeyOf(new Date(utcNoon(day).getTime() + 86_400_000));
  expect(day <= last, `a Tuesday before the season ends (${last})`).toBe(true);

  await openAsOperator(page, '/ops');
  await page.getByRole('link', { name: 'Add dates' }).click();
  await islandsReady(page);
  const form = page.getByRole('form', { name: 'Add dates' });
  await form.getByRole('radio', { name: 'Backcountry Tours' }).check();
  await form.getByLabel('Day', { exact: true }).fill(day);
  // What is on the calendars that day already shows, so nothing is added twice.
  await expect(form.getByText('Nothing is on the calendars on these days yet.')).toBeVisible();
  await expect(form.getByLabel('Start time in Kamas')).toHaveValue('08:00');
  await form.getByRole('button', { name: 'Add date' }).click();
  await expect(form.getByText('Give a reason (up to 500 characters).')).toBeVisible();
  await form.getByLabel('Reason').fill('A Tuesday group asked for a tour');
  await form.getByRole('button', { name: 'Add date' }).click();
  await expect(form.getByRole('status')).toContainText('Added 1 date.');
  await expect(form.getByText('Already on the calendars on these days:')).toBeVisible();
  await expect(form.getByRole('listitem').filter({ hasText: 'Backcountry Tours' })).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
  // Every console page leads back to the console's home.
  await expect(page.getByRole('link', { name: 'Operations', exact: true })).toHaveAttribute('href', '/ops');

  await page.goto(TOUR_PAGE);
  await islandsReady(page);
  await page.getByRole('group', { name: 'Select Activity' }).getByRole('radio').first().check();
  await page.getByLabel('Select Party Size').selectOption('2');
  await showMonthOf(page, day);
  await expect(dayButton(gridOf(page, day), day)).toHaveAccessibleName(`${longDay(day)}, Available`);
  expect(problems.errors).toEqual([]);
});

test('an operator adds a promo code, which then applies at checkout, and pauses it', async ({ page, problems }) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const quote = () => page.request.post(`${E2E.api}/promo/apply`, { data: { promoCode: code, selectedPriceId: CLASS_PRICE, quantity: 1 } });
  await openAsOperator(page, '/ops');
  await page.getByRole('link', { name: 'Promo codes' }).click();
  await islandsReady(page);
  const add = page.getByRole('form', { name: 'Add a promo code' });
  await add.getByLabel('Code').fill(code.toLowerCase());
  await add.getByLabel('Amount off').check();
  await add.getByLabel('Dollars off').fill('25');
  await add.getByLabel('Limit of uses (empty: no limit)').fill('10');
  await add.getByRole('button', { name: 'Save code' }).click();
  await expect(add.getByText('Give a reason (up to 500 characters).')).toBeVisible();
  await add.getByLabel('Reason').fill('Radio giveaway');
  await add.getByRole('button', { name: 'Save code' }).click();
  await expect(page.getByRole('status')).toHaveText(`Saved ${code}.`);
  const listed = page.getByRole('list', { name: 'Promo codes' }).getByRole('listitem').filter({ hasText: code });
  await expect(listed).toContainText('$25 off · no last day · 0 of 10 uses · Active');
  expect((await quote()).ok()).toBe(true);
  expect(await axeViolations(page)).toEqual([]);

  await listed.getByRole('button', { name: `Change ${code}` }).click();
  const change = page.getByRole('form', { name: `Change ${code}` });
  await change.getByLabel('Paused: customers cannot use it').check();
  await change.getByLabel('Reason').fill('The giveaway is over');
  await change.getByRole('button', { name: 'Save code' }).click();
  // The code's line, not the form's 'Paused' box, says it is saved.
  await expect(listed).toContainText('0 of 10 uses · Paused');
  expect((await quote()).status()).toBe(400);
  problems.allow(/status of 400/);
  expect(problems.errors).toEqual([]);
});

test('an operator issues a gift card by e-mail, finds it, adjusts it and sends it again, each in its ledger', async ({
  page,
  problems,
}) => {
  test.setTimeout(90_000);
  const to = `raffle-${Date.now().toString(36)}@example.com`;
  await openAsOperator(page, '/ops');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Gift cards' }).click();
  await islandsReady(page);
  await expect(page.getByRole('heading', { name: 'Outstanding' })).toBeVisible();
  const issue = page.getByRole('form', { name: 'Issue a gift card' });
  await issue.getByLabel('Dollars').fill('2000');
  await issue.getByLabel('For (name)').fill('Pat Winner');
  await issue.getByLabel('Their e-mail (empty: to print)').fill(to);
  await issue.getByRole('button', { name: 'Issue the card' }).click();
  await expect(issue.getByText('Choose a whole number of dollars from $1 to $1,000.')).toBeVisible();
  await expect(issue.getByText('Give a reason (up to 500 characters).')).toBeVisible();
  await issue.getByLabel('Dollars').fill('100');
  await issue.getByLabel('Reason').fill('Ski club raffle');
  await issue.getByRole('button', { name: 'Issue the card' }).click();
  const notice = page.getByRole('status');
  await expect(notice).toContainText(/^Issued KAMAS(-[2-9A-HJ-NP-Z]{4}){4} for Pat Winner\.$/);
  const code = (await notice.getByRole('link').textContent()) ?? '';
  const gift = await mailTo(page.request, to, /sent you a gift card/);
  expect(gift.text).toContain(code);
  expect(gift.attachments.map((file) => file.contentType)).toEqual(expect.arrayContaining(['application/pdf', 'image/png']));

  await page.getByLabel('Code, or the buyer’s or recipient’s e-mail').fill(to);
  await page.getByRole('button', { name: 'Find' }).click();
  await islandsReady(page);
  await page
    .getByRole('list', { name: `Gift cards matching ${to}` })
    .getByRole('link', { name: code })
    .click();
  await islandsReady(page);
  await expect(page.getByRole('heading', { name: `Gift card ${code}` })).toBeVisible();
  await expect(page.getByText('$100 of $100')).toBeVisible();
  const ledger = page.getByRole('region', { name: 'Every change of its balance' }).getByRole('listitem');
  await expect(ledger).toHaveCount(1);
  await expect(ledger.first()).toContainText('+$100 Issued by the office, by An operator: “Ski club raffle”');

  await page.getByRole('button', { name: 'Adjust the balance' }).click();
  await page.getByLabel('Take off it').check();
  await page.getByLabel('Dollars').fill('40');
  await page.getByLabel('Reason').fill('Part of it paid for a rental');
  await page.getByRole('button', { name: 'Change the balance' }).click();
  await expect(page.getByRole('status')).toHaveText('The balance is $60 now.');
  await expect(ledger).toHaveCount(2);
  await expect(ledger.nth(1)).toContainText('-$40 Adjusted, by An operator: “Part of it paid for a rental”');
  await expect(page.getByText('$60 of $100')).toBeVisible();

  await page.getByRole('button', { name: 'Send it again' }).click();
  await page.getByLabel('Reason').fill('The e-mail went to spam');
  await page.getByRole('button', { name: 'Send it again' }).click();
  await expect(page.getByRole('status')).toHaveText(`The gift card is on its way to ${to}.`);
  expect(await axeViolations(page)).toEqual([]);
  expect(problems.errors).toEqual([]);
});

test('an operator cancels a bought gift card nobody used, and its payment goes back to the buyer’s card', async ({ page, problems }) => {
  test.setTimeout(90_000);
  const buyer = await apiCustomer(page.request);
  const asBuyer = { Authorization: `Bearer ${buyer.idToken}` };
  const bought = await page.request.post(`${E2E.api}/gift-cards`, {
    headers: asBuyer,
    data: { gift: { kind: 'amount', dollars: 150 }, recipientName: 'Sam Ridge', message: '', delivery: { when: 'print' } },
  });
  expect(bought.ok(), await bought.text()).toBe(true);
  const { giftCardId, clientSecret } = (await bought.json()) as { giftCardId: string; clientSecret: string };
  const paid = await page.request.post(`${E2E.api}/payments/local/confirm`, {
    headers: asBuyer,
    data: { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  await openAsOperator(page, `/ops/gift-cards?card=${giftCardId}`);
  await expect(page.getByText('$150 of $150')).toBeVisible();
  const form = await openForm(page, 'Cancel this card', 'Cancel this card', 'Reason');
  await form.getByLabel('Reason').fill('The buyer asked for their money back');
  await form.getByRole('button', { name: 'Cancel the card' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'The card and the $150 on it will be cancelled, and what is on it (up to what was paid) given back to the card it was bought with. This cannot be undone.',
  );
  await form.getByRole('button', { name: 'Yes, cancel the card' }).click();
  await expect(page.getByRole('status')).toHaveText('The card is cancelled; $150 goes back to the buyer’s card.');
  const ledger = page.getByRole('region', { name: 'Every change of its balance' }).getByRole('listitem');
  await expect(ledger).toHaveCount(2);
  await expect(ledger.nth(1)).toContainText('-$150');
  await expect(page.getByRole('button', { name: 'Cancel this card' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Its card payment' })).toContainText(
    'refund of $150, done (gift card cancelled by the office)',
  );
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/ops/activity');
  await islandsReady(page);
  const action = page.getByRole('listitem').filter({ hasText: 'The buyer asked for their money back' });
  await expect(action).toContainText('Cancelled; $150 taken off with it, $150 given back to the buyer’s card');
  expect(problems.errors).toEqual([]);
});

test('an operator marks a blackout day after the season and lifts it again', async ({ page, problems }) => {
  await openAsOperator(page, '/ops/dates');
  const mark = page.getByRole('form', { name: 'Mark a blackout day' });
  await mark.getByLabel('Day').fill('2027-06-15');
  await mark.getByRole('button', { name: 'Mark the day' }).click();
  await expect(mark.getByText('Give a reason (up to 500 characters).')).toBeVisible();
  await mark.getByLabel('Reason').fill('Guides’ rescue course');
  await mark.getByRole('button', { name: 'Mark the day' }).click();
  await expect(page.getByRole('status')).toHaveText('Tue, Jun 15 is a blackout day: its dates are off the calendars.');
  const listed = page.getByRole('list', { name: 'Blackout days ahead' }).getByRole('listitem').filter({ hasText: 'Tue, Jun 15' });
  await expect(listed).toContainText('Guides’ rescue course · 0 dates off the calendars');
  expect(await axeViolations(page)).toEqual([]);

  await listed.getByRole('button', { name: 'Lift Tue, Jun 15' }).click();
  await listed.getByLabel('Reason').fill('The course moved');
  await listed.getByRole('button', { name: 'Lift it' }).click();
  await expect(page.getByRole('status')).toHaveText('Tue, Jun 15 is open again.');
  await expect(page.getByText('No blackout days ahead.')).toBeVisible();
  expect(problems.errors).toEqual([]);
});

test('a customer who opens the console is told it is for operators, and sees no Operations link', async ({ page, problems }) => {
  problems.allow(/status of 403/);
  const customer = await readyCustomer(page.request);
  await signIn(page, customer.email);
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Operations' })).toHaveCount(0);
  await page.goto('/ops');
  await islandsReady(page);
  await expect(page.getByRole('alert').first()).toContainText('Only operators can use the console.');
  expect(await axeViolations(page)).toEqual([]);
});

test('a guide who opens the console is told at once it is for operators, before any of its forms shows', async ({ page, problems }) => {
  problems.allow(/status of 403/);
  const guide = await newStaffMember(page.request, 'guide');
  await signIn(page, guide);
  // The console's answers are held back: the page knows the account is a guide's without them.
  const held = await holdRequests(page, `${E2E.api}/ops/**`);
  await page.goto('/ops');
  await islandsReady(page);
  await expect(page.getByRole('alert')).toContainText('Only operators can use the console.');
  await expect(page.getByLabel('E-mail, name, phone or booking reference')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Add dates' })).toHaveCount(0);
  held.release();
  expect(await axeViolations(page)).toEqual([]);
});

test('an operator jumps to any week of the season, and finds the dates nobody booked folded into one list', async ({ page, problems }) => {
  const tours = await calendar(page.request, 'winter-day-tours');
  const later = dayKeyOf(startOf(tours.at(-3) ?? tours[0]!));
  await openAsOperator(page, '/ops');
  await page.getByLabel('Go to a day').fill(later);
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(page).toHaveURL(`/ops?from=${later}`);
  await islandsReady(page);
  await expect(page.getByRole('navigation', { name: 'Days shown' })).toContainText(shortDate(utcNoon(later)));
  await page.getByText(/^\d+ dates? nobody has booked yet$/).click();
  await expect(page.getByRole('group').getByRole('link').first()).toHaveAttribute('href', /^\/ops\/date\?id=/);
  expect(problems.errors).toEqual([]);
});

test('without JavaScript the console says it needs it, and its search waits', async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/ops');
  await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
  await expect(page.locator('main noscript p')).toContainText('The console needs JavaScript.');
  await expect(page.getByRole('button', { name: 'Find' })).toBeDisabled();
  await context.close();
});
