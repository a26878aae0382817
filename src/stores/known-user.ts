/**
 * The last signed-in user, remembered in localStorage so the account menu can show it on any page
 * before Firebase (or the auth store) loads. Only the auth store writes it.
 */
import { persistentJSON } from '@nanostores/persistent';

export interface KnownUser {
  uid: string;
  email: string | null;
  /** Holds the guide role (the `guide` claim of the ID token): the menu then links to the roster. */
  guide?: boolean;
}

export const $knownUser = persistentJSON<KnownUser | null>('auth:known-user', null);
