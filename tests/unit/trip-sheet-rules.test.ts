import { describe, expect, it } from 'vitest';
import { checkInOf, checkIns } from '../../shared/rules/check-in.ts';
import type { TripEventRequest, TripMember, TripSheet } from '../../shared/contract/trailhead.ts';
import { sheetChanges } from '../../src/features/trailhead/rules/sheet-changes.ts';
import { tripBatches } from '../../src/features/trailhead/rules/trip-batches.ts';
import { checkInWords, gearWords, trailheadWords } from '../../src/features/trailhead/rules/check-in-words.ts';
import { scannedPass, scannedWords } from '../../src/features/trailhead/rules/scanned-pass.ts';
import { passQrText } from '../../shared/rules/pass-qr.ts';

const member = (uid: string, name: string, role: TripMember['role'] = 'invited'): TripMember => ({
  uid,
  name,
  email: `${uid}@example.com`,
  phoneNumber: null,
  survey: null,
  waiver: null,
  bookingId: 'bk',
  role,
  invitedBy: null,
  passCode: uid.padEnd(32, '0'),
});
const party = (bookingId: string, members: TripMember[], partySize = members.length) => ({ bookingId, partySize, notes: [], members });
const sheet = (parties: TripSheet['parties']): TripSheet =>
  ({ parties, events: [], savedAt: '2027-01-09T12:40:00.000Z', meetingPoint: 'Kamas' }) as unknown as TripSheet;

describe('what changed between two saves of a trip sheet', () => {
  const lee = member('u_lee', 'Lee Lead', 'booked');
  const fran = member('u_fran', 'Fran Friend');
  const al = member('u_al', 'Al Alone', 'booked');

  it('is nothing when the parties are the same', () => {
    const same = sheet([party('bk_1', [lee, fran]), party('bk_2', [al])]);
    expect(sheetChanges(same, same)).toEqual([]);
  });

  it('names a party gone, a member who left, one who joined and a party added, by the payer', () => {
    const before = sheet([party('bk_1', [lee, fran]), party('bk_2', [al])]);
    const after = sheet([party('bk_1', [lee, member('u_sam', 'Sam Ortiz')], 2), party('bk_3', [member('u_ro', 'Ro Ridge', 'booked')], 3)]);
    expect(sheetChanges(before, after)).toEqual([
      "Fran Friend left Lee Lead's party.",
      "Sam Ortiz joined Lee Lead's party.",
      "Al Alone's party is no longer on this date (cancelled or moved).",
      "Ro Ridge's party was added (3 seats).",
    ]);
  });
});

describe('the batches the phone sends', () => {
  const event = (kind: TripEventRequest['kind'], n: number) => ({
    event: { id: `event-${n}`.padEnd(8, '0'), kind, bookingId: 'bk', uid: 'u', at: '2027-01-09T15:00:00.000Z' } as TripEventRequest,
  });

  it('keeps the order and is one batch while within the limits', () => {
    const pending = [event('here', 1), event('gear', 2), event('no-show', 3)];
    expect(tripBatches(pending)).toEqual([pending]);
    expect(tripBatches([])).toEqual([]);
  });

  it('starts a new batch at the most events, and at the most signatures', () => {
    const many = Array.from({ length: 5 }, (_, n) => event('here', n));
    expect(tripBatches(many, { events: 2, signatures: 4 }).map((batch) => batch.length)).toEqual([2, 2, 1]);
    const signed = [event('signed', 1), event('here', 2), event('signed', 3), event('signed', 4)];
    expect(tripBatches(signed, { events: 200, signatures: 2 }).map((batch) => batch.map((item) => item.event.kind))).toEqual([
      ['signed', 'here', 'signed'],
      ['signed'],
    ]);
  });
});

describe('a check-in in words', () => {
  const nobody = checkInOf(checkIns([]), 'bk', 'u');

  it('says who checked the member in and when, in Kamas time', () => {
    expect(checkInWords({ ...nobody, status: 'here', at: '2027-01-09T15:12:00.000Z', by: 'Ana' })).toBe(
      'Here since 8:12 AM, checked in by Ana',
    );
    expect(checkInWords({ ...nobody, status: 'no-show', at: '2027-01-09T15:40:00.000Z', by: 'Bo' })).toBe(
      'No-show, marked at 8:40 AM by Bo',
    );
    expect(checkInWords(nobody)).toBe('Not checked in yet');
  });

  it('tells the console all the trailhead recorded, and nothing when it recorded nothing', () => {
    expect(trailheadWords(nobody)).toBeNull();
    expect(
      trailheadWords({
        ...nobody,
        status: 'here',
        at: '2027-01-09T15:12:00.000Z',
        by: 'Ana',
        gear: { beacon: true, shovel: false, probe: true },
        signedHere: true,
      }),
    ).toBe('Here since 8:12 AM, checked in by Ana. Gear checked: beacon and probe. Signed the waiver at the trailhead');
    expect(trailheadWords({ ...nobody, gear: { beacon: false, shovel: false, probe: false } })).toBe('Gear checked: none');
    expect(gearWords({ ...nobody, gear: { beacon: true, shovel: true, probe: true } })).toBe('Gear checked: beacon, shovel and probe');
  });
});

describe('a pass scanned at the trailhead', () => {
  const lee = { ...member('u_lee', 'Lee Lead', 'booked'), passCode: 'a'.repeat(32) };
  const fran = { ...member('u_fran', 'Fran Friend'), passCode: 'b'.repeat(32) };
  const saved = { ...sheet([party('bk_1', [lee, fran])]), date: { id: 'tour-0109' } } as unknown as TripSheet;
  const arrived = checkIns([{ kind: 'here', bookingId: 'bk_1', uid: 'u_lee', at: '2027-01-09T15:12:00.000Z', by: 'Ana' }]);

  it('finds the member of the trip by their code, and says when and by whom one already here was checked in', () => {
    const franScan = scannedPass(passQrText('tour-0109', fran.passCode), saved, arrived);
    expect(franScan).toMatchObject({ kind: 'member', bookingId: 'bk_1', uid: 'u_fran', name: 'Fran Friend' });
    expect(scannedWords(franScan)).toBe('Fran Friend is checked in.');
    expect(scannedWords(scannedPass(passQrText('tour-0109', lee.passCode), saved, arrived))).toBe('Already checked in at 8:12 AM by Ana');
  });

  it('tells a pass of another trip, one the sheet does not know, and a QR code that is no pass', () => {
    expect(scannedWords(scannedPass(passQrText('tour-0110', fran.passCode), saved, arrived))).toBe('That pass is for another trip.');
    expect(scannedPass(passQrText('tour-0109', 'c'.repeat(32)), saved, arrived)).toEqual({ kind: 'not-on-sheet' });
    expect(scannedPass('tour-0109', saved, arrived)).toEqual({ kind: 'not-a-pass' });
    expect(scannedWords({ kind: 'not-a-pass' })).toBe('That QR code is not a trailhead pass.');
  });
});
