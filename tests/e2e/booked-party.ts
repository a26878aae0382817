/** A day tour booked for a party, friends joined by the invite code: what the guides' pages and the trailhead start from. */
import type { APIRequestContext } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import { denverClock, denverDay } from '../../shared/rules/dates.ts';
import type { CalendarName } from '../../shared/contract/requests.ts';
import {
  bookByApi,
  calendar,
  newEmail,
  newStaffMember,
  PASSWORD,
  readyCustomer,
  signInByApi,
  uniquePhone,
  type Customer,
  type Entry,
} from './api-customers.ts';
import { expect, newEmulatorAccount } from './fixtures.ts';

const TOUR_PRICE = 'price_tour_ski';

/** Each member's invite code, for the booking `lead` paid for on `entry`, joins them to the party. */
async function joinParty(
  request: APIRequestContext,
  lead: Customer,
  on: { entry: Entry; calendar: CalendarName },
  members: readonly Customer[],
) {
  const inviteCode = (await calendar(request, on.calendar, { token: lead.idToken })).find(
    (candidate) => candidate.id === on.entry.id,
  )?.inviteCode;
  for (const member of members) {
    const join = () =>
      request.post(`${E2E.api}/calendar/invite`, { headers: { Authorization: `Bearer ${member.idToken}` }, data: { inviteCode } });
    let joined = await join();
    // Every test joins from this one address, which the API lets try ten codes a minute: wait as it says, as a person would.
    for (let wait = 0; joined.status() === 429 && wait < 2; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, (Number(joined.headers()['retry-after'] ?? 60) + 1) * 1000));
      joined = await join();
    }
    expect(joined.ok(), await joined.text()).toBe(true);
  }
}

/** A customer's name, phone and emergency contact of their own, saved through the API. */
export async function personalise(request: APIRequestContext, customer: Customer, name: string, contact: string, contactNumber: string) {
  const headers = { Authorization: `Bearer ${customer.idToken}` };
  const profile = await request.put(`${E2E.api}/authUsers/authUser/${customer.uid}`, {
    headers,
    data: { userData: { displayName: name, email: customer.email, phoneNumber: `+1${uniquePhone()}` } },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  const survey = await request.put(`${E2E.api}/users/user/${customer.uid}`, {
    headers,
    data: {
      survey: {
        transportation: 'Snowmobile',
        uphillAbility: 'Beginner',
        downhillAbility: 'Intermediate',
        beacon: 'Yes',
        shovel: 'No',
        probe: 'Yes',
        emergencyContactName: contact,
        emergencyContactNumber: contactNumber,
        medicalConditions: 'Asthma, carries an inhaler',
      },
    },
  });
  expect(survey.ok(), await survey.text()).toBe(true);
  return { ...customer, name };
}

/** A customer with a name and nothing else: no survey, no waiver. */
async function bareCustomer(request: APIRequestContext, name: string): Promise<Customer> {
  const email = newEmail('bare');
  const { uid, idToken } = await newEmulatorAccount(request, email, PASSWORD);
  const headers = { Authorization: `Bearer ${idToken}` };
  const registered = await request.post(`${E2E.api}/users/user/${uid}`, { headers, data: { uid, email } });
  expect(registered.ok(), await registered.text()).toBe(true);
  const profile = await request.put(`${E2E.api}/authUsers/authUser/${uid}`, {
    headers,
    data: { userData: { displayName: name, email, phoneNumber: `+1${uniquePhone()}` } },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  return { uid, email, idToken, name };
}

/** A customer who answered the survey but never signed the waiver. */
async function unsignedCustomer(request: APIRequestContext, name: string): Promise<Customer> {
  const email = newEmail('unsigned');
  const { uid, idToken } = await newEmulatorAccount(request, email, PASSWORD);
  const registered = await request.post(`${E2E.api}/users/user/${uid}`, {
    headers: { Authorization: `Bearer ${idToken}` },
    data: { uid, email },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  return personalise(request, { uid, email, idToken, name }, name, 'Lou Lake', '+14355550178');
}

/**
 * A date of `calendar` an operator adds for the coming night, 14 to 15 hours from now in Kamas: still
 * open to customers (the cut-off is 12 hours), and near enough that what a guide's phone records now
 * belongs to its trip day.
 */
async function dateOnTheTripDay(request: APIRequestContext, calendarName: CalendarName): Promise<Entry> {
  const { idToken } = await signInByApi(request, await newStaffMember(request, 'operator'));
  const headers = { Authorization: `Bearer ${idToken}` };
  const kinds = (await (await request.get(`${E2E.api}/ops/date-kinds`, { headers })).json()) as {
    key: string;
    calendar: string;
    capacity: number;
  }[];
  const kind = kinds.find((candidate) => candidate.calendar === calendarName);
  if (!kind) throw new Error(`no date of ${calendarName} to add`);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const startsAt = Date.now() + (14 * 60 + Math.floor(Math.random() * 60)) * 60_000;
    const added = await request.post(`${E2E.api}/ops/dates`, {
      headers,
      data: {
        kind: kind.key,
        firstDay: denverDay(startsAt),
        time: denverClock(startsAt),
        capacity: kind.capacity,
        reason: 'A trip day for the guides',
      },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const [id] = ((await added.json()) as { added: string[] }).added;
    const entry = (await calendar(request, calendarName)).find((candidate) => candidate.id === id);
    if (entry) return entry;
  }
  throw new Error(`could not add a date of ${calendarName} for the trip day`);
}

/**
 * A lead who booked a day tour for the coming night for two (or more: `alsoJoining` names the others), and friends who
 * joined by the invite code: Frankie Snow, then each of `alsoJoining`, who never signed the waiver
 * when `unsigned` says so, and never answered the survey either when `bare` does. The others answered it.
 */
export async function bookedParty(request: APIRequestContext, alsoJoining: { name: string; unsigned?: boolean; bare?: boolean }[] = []) {
  const entry = await dateOnTheTripDay(request, 'winter-day-tours');
  const lead = await readyCustomer(request);
  const partySize = 2 + alsoJoining.length;
  await bookByApi(request, lead, { dateId: entry.id, priceId: TOUR_PRICE, calendar: 'winter-day-tours', partySize });
  const friend = await personalise(request, await readyCustomer(request), 'Frankie Snow', 'Pat Snow', '+14355550177');
  const others: Customer[] = [];
  for (const { name, unsigned, bare } of alsoJoining)
    others.push(
      bare
        ? await bareCustomer(request, name)
        : unsigned
          ? await unsignedCustomer(request, name)
          : await personalise(request, await readyCustomer(request), name, 'Pat Snow', '+14355550179'),
    );
  await joinParty(request, lead, { entry, calendar: 'winter-day-tours' }, [friend, ...others]);
  return { entry, lead, friend, others };
}

/** The ten people of a full class on the coming night, in parties of four, four and two, each by name. */
export const CLASS_OF_TEN = [
  ['Avery Stone', 'Blake Rivers', 'Cam Frost', 'Dana Pike'],
  ['Eli Marsh', 'Fern Alder', 'Gus Hale', 'Hana Brook'],
  ['Ira Vance', 'Jules Finch'],
] as const;

/** A class date on the coming night, paid for by the first of each party of `CLASS_OF_TEN`, the others joined by invite. */
export async function classOfTen(request: APIRequestContext) {
  const entry = await dateOnTheTripDay(request, 'winter-classes');
  for (const names of CLASS_OF_TEN) {
    const [lead, ...members] = await Promise.all(
      names.map(async (name) => personalise(request, await readyCustomer(request), name, 'Pat Snow', '+14355550179')),
    );
    if (!lead) throw new Error('a party has a lead');
    await bookByApi(request, lead, {
      dateId: entry.id,
      priceId: entry.stripeId ?? '',
      calendar: 'winter-classes',
      partySize: names.length,
    });
    await joinParty(request, lead, { entry, calendar: 'winter-classes' }, members);
  }
  return entry;
}
