/**
 * The booking API as the signed-in customer (../lib/api/client.ts, with the auth store's ID token):
 * the one way stores and islands reach the API.
 */
import { createBookingApi } from '../lib/api/client.ts';
import { idToken } from './auth.ts';

export const api = createBookingApi(idToken);

/** A call as the signed-in customer, for a path the client has no function for. */
export const protectedFetch = api.protectedFetch;
