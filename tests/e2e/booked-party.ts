/** A day tour booked for a party, friends joined by the invite code: what the guides' pages and the trailhead start from. */
import type { APIRequestContext } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import { bookByApi, calendar, freshDate, newEmail, PASSWORD, readyCustomer, uniquePhone, type Customer } from './api-customers.ts';
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
 * A lead who booked a day tour for two (or more: `alsoJoining` names the others), and friends who
 * joined by the invite code: Frankie Snow, then each of `alsoJoining`, who never signed the waiver
 * when `unsigned` says so. All answered the survey.
 */
export async function bookedParty(request: APIRequestContext, alsoJoining: { name: string; unsigned?: boolean }[] = []) {
  const entry = await freshDate(request, 'winter-day-tours');
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
