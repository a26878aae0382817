/**
 * A booking's reference, as the customer, the guides and the office all name it: 'JDAT-QD5R', the
 * first eight letters and digits of the booking's id ('bk_jDaTQd5ro3D-qL0H'), in capitals. My
 * Bookings, its calendar file, every message and the console show it, and the console finds a
 * booking by it (the API compares the same eight characters of each id, `REFERENCE_SQL`).
 */

/** The reference of a booking id. */
export function bookingReference(bookingId: string): string {
  const characters = bookingId
    .replace(/^[a-z]+_/, '')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 8)
    .toUpperCase();
  return characters.length > 4 ? `${characters.slice(0, 4)}-${characters.slice(4)}` : characters;
}

/** The eight characters a typed or read-out reference stands for ('jdat qd5r' and 'JDAT-QD5R' alike), or null when it is no reference. */
export function referenceKey(text: string): string | null {
  const characters = text.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z0-9]{8}$/.test(characters) ? characters : null;
}

/** The SQL of a booking id's reference key, for a bookings table `alias`: compared with `referenceKey` of what an operator typed. */
export const referenceKeySql = (alias: string) => `upper(substr(regexp_replace(substr(${alias}.id, 4), '[^A-Za-z0-9]', '', 'g'), 1, 8))`;
