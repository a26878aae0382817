/** A day tour booked for a party of two, the friend joined by the invite code: what the guides' pages and the trailhead start from. */
import type { APIRequestContext } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import { bookByApi, calendar, freshDate, readyCustomer, uniquePhone, type Customer } from './api-customers.ts';
import { expect } from './fixtures.ts';

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

/** A lead who booked a day tour for two, and a friend who joined by the invite code; both answered the survey. */
export async function bookedParty(request: APIRequestContext) {
  const entry = await freshDate(request, 'winter-day-tours');
  const lead = await readyCustomer(request);
  await bookByApi(request, lead, { dateId: entry.id, priceId: TOUR_PRICE, calendar: 'winter-day-tours', partySize: 2 });
  const inviteCode = (await calendar(request, 'winter-day-tours', { token: lead.idToken })).find((e) => e.id === entry.id)?.inviteCode;
  const friend = await personalise(request, await readyCustomer(request), 'Frankie Snow', 'Pat Snow', '+14355550177');
  const joined = await request.post(`${E2E.api}/calendar/invite`, {
    headers: { Authorization: `Bearer ${friend.idToken}` },
    data: { inviteCode },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  return { entry, lead, friend };
}
