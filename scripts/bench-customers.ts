/**
 * Customers for the API benchmarks (bench-api.ts, bench-mail.ts): signed up at the Auth emulator,
 * signed in on the site, and ready to book, each calling from an address of their own.
 */
import { SURVEY_ANSWERS, TINY_SIGNATURE } from '../tests/support/customer-answers.ts';

/** A customer as the bench sees one: who, the ID token, and the address their requests come from. */
export interface Customer {
  uid: string;
  /** The sign-in e-mail, where their messages go. */
  email: string;
  token: string;
  address: string;
}

/**
 * Makes customers of the API at `base`, as the site makes them: each signs up at the Auth emulator and
 * signs in on the site, which then saves the database user (POST /users/user/{uid}, as
 * src/stores/auth.ts does on every sign-in), then fills in what a booking needs (profile, survey,
 * waiver) as checkout's first steps do. Besides making the user, the first call has the API verify
 * the new ID token, which with the emulator firebase-admin always follows with a user lookup at the
 * emulator (a revocation check it makes for emulator tokens only); the API then keeps the verified
 * token, so later calls verify nothing again. Each customer has an address of their own in the
 * benchmarking range 198.18.0.0/15.
 */
export function customerMaker(base: string, emulator: string): (label: string) => Promise<Customer> {
  let customers = 0;
  return async (label) => {
    customers += 1;
    const address = `198.18.${Math.floor(customers / 250)}.${(customers % 250) + 1}`;
    const email = `bench-${label}-${Date.now()}@example.com`;
    // The token comes from a sign-in after the sign-up: the emulator can date a sign-up's own token a
    // second before the account's "valid since", and the API then reads it as revoked.
    const emulatorCall = async (method: 'signUp' | 'signInWithPassword') => {
      const response = await fetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=bench`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: 'bench-password', returnSecureToken: true }),
      });
      const body = (await response.json()) as { localId: string; idToken: string };
      if (!response.ok) throw new Error(`emulator ${method} failed: ${JSON.stringify(body)}`);
      return body;
    };
    await emulatorCall('signUp');
    const body = await emulatorCall('signInWithPassword');
    const uid = body.localId;
    const steps: [string, string, unknown][] = [
      ['POST', `/users/user/${uid}`, { uid, email }],
      ['PUT', `/authUsers/authUser/${uid}`, { userData: { displayName: `Bench ${label}`, email, phoneNumber: '+14355550100' } }],
      ['PUT', `/users/user/${uid}`, { survey: SURVEY_ANSWERS }],
      ['PUT', `/users/user/${uid}`, { signature: TINY_SIGNATURE, agreed: true }],
    ];
    for (const [method, path, data] of steps) {
      const saved = await fetch(`${base}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${body.idToken}`, 'X-Forwarded-For': address },
        body: JSON.stringify(data),
      });
      if (!saved.ok) throw new Error(`${method} ${path} failed: ${saved.status} ${await saved.text()}`);
    }
    return { uid, email, token: body.idToken, address };
  };
}

/** The headers of a customer's call. */
export const headersOf = (customer: Customer) => ({
  'Content-Type': 'application/json',
  Authorization: `Bearer ${customer.token}`,
  'X-Forwarded-For': customer.address,
});

/** The customer made an operator in the Auth emulator (as a project's first operator is), signed in again to carry the role. */
export async function asOperator(options: { emulator: string; projectId: string }, customer: Customer): Promise<Customer> {
  const emulator = `http://${options.emulator}/identitytoolkit.googleapis.com/v1`;
  const given = await fetch(`${emulator}/projects/${options.projectId}/accounts:update`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: customer.uid, customAttributes: JSON.stringify({ operator: true }) }),
  });
  if (!given.ok) throw new Error(`the operator role was not given: ${given.status} ${await given.text()}`);
  const signedIn = await fetch(`${emulator}/accounts:signInWithPassword?key=bench`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: customer.email, password: 'bench-password', returnSecureToken: true }),
  });
  const body = (await signedIn.json()) as { idToken: string };
  return { ...customer, token: body.idToken };
}
