/**
 * An account just made on /sign-in, handed to the page it goes back to (which then says what comes
 * next: src/components/Welcome.astro). It is read once.
 */
import { handOver, takeHandedOver } from './tab-handover.ts';

const KEY = 'account:new';

/** Remembers the address a new account signed up with. */
export const rememberNewAccount = (email: string): void => handOver(KEY, email);

/** The address of an account just made, once; null when none was. */
export const takeNewAccount = (): string | null => takeHandedOver(KEY);
