/** A day tour booked for a party, friends joined by the invite code: what the guides' pages and the trailhead start from. */
import type { APIRequestContext } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import { denverClock, denverDay } from '../../shared/rules/dates.ts';
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
 * A day tour an operator adds for the coming night, 14 to 15 hours from now in Kamas: still open to
 * customers (the cut-off is 12 hours), and near enough that what a guide's phone records now belongs
 * to its trip day.
 */
async function tourOnTheTripDay(request: APIRequestContext): Promise<Entry> {
  const { idToken } = await signInByApi(request, await newStaffMember(request, 'operator'));
  const headers = { Authorization: `Bearer ${idToken}` };
  const kinds = (await (await request.get(`${E2E.api}/ops/date-kinds`, { headers })).json()) as {
    key: string;
    calendar: string;
    capacity: number;
  }[];
  const kind = kinds.find((candidate) => candidate.calendar === 'winter-day-tours');
  if (!kind) throw new Error('no day tour to add');
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
    const entry = (await calendar(request, 'winter-day-tours')).find((candidate) => candidate.id === id);
    if (entry) return entry;
  }
  throw new Error('could not add a day tour for the trip day');
}

/**
 * A lead who booked a day tour for the coming night for two (or more: `alsoJoining` names the others), and friends who
 * joined by the invite code: Frankie Snow, then each of `alsoJoining`, who never signed the waiver
 * when `unsigned` says so. All answered the survey.
 */
export async function bookedParty(request: APIRequestContext, alsoJoining: { name: string; unsigned?: boolean }[] = []) {
  const entry = await tourOnTheTripDay(request);
  const lead = await readyCustomer(request);
  const partySize = 2 + alsoJoining.length;
  await bookByApi(request, lead, { dateId: entry.id, priceId: TOUR_PRICE, calendar: 'winter-day-tours', partySize });
  const inviteCode = (await calendar(request, 'winter-day-tours', { token: lead.idToken })).find((e) => e.id === entry.id)?.inviteCode;
  const join = async (member: Customer) => {
    const joined = await request.post(`${E2E.api}/calendar/invite`, {
      headers: { Authorization: `Bearer ${member.idToken}` },
      data: { inviteCode },
    });
    expect(joined.ok(), await joined.text()).toBe(true);
    return member;
  };
  const friend = await join(await personalise(request, await readyCustomer(request), 'Frankie Snow', 'Pat Snow', '+14355550177'));
  const others: Customer[] = [];
  for (const { name, unsigned } of alsoJoining)
    others.push(
      await join(
        unsigned
          ? await unsignedCustomer(request, name)
          : await personalise(request, await readyCustomer(request), name, 'Pat Snow', '+14355550179'),
      ),
    );
  return { entry, lead, friend, others };
}
