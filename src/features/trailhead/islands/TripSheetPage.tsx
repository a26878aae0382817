/**
 * /guide/trip?date=ID: a date's trip sheet as saved on this phone, for the trailhead with no signal.
 * It opens from the phone alone (the page and its code from the service worker, the sheet from
 * IndexedDB) for the account that saved it. Each check-in is recorded on the phone at once and sent
 * when there is a network: by itself when the signal comes back, or with Send now. Scan a pass
 * checks its member in; a member without a current waiver signs it on the phone.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useStore } from '@nanostores/react';
import { checkInOf, checkIns, memberKey, tapOf, type CheckInEvent } from '../../../../shared/rules/check-in.ts';
import { formatDenverDateTime, formatDenverMoment } from '../../../../shared/rules/dates.ts';
import type { TripEventRequest } from '../../../../shared/contract/trailhead.ts';
import { $authStatus, $authUser, $knownUser, startAuth } from '../../../stores/auth.ts';
import { useHydrated } from '../../../ui/hooks/use-hydrated.ts';
import { AccountLoading } from '../../../ui/fields.tsx';
import { $tripPage, openTrip, recordCheckIns, sendTrip, unsentOf } from '../stores/trip-page.ts';
import type { RecordedTripEvent, SavedTripSheet } from '../stores/trip-store.ts';
import TripMemberRow, { type CheckInChoice } from './TripMemberRow.tsx';
import RollCallFilters from './RollCallFilters.tsx';
import { keptByFilter, type RollCallFilter } from '../rules/roll-call.ts';
import TripSyncBar from './TripSyncBar.tsx';
import QrScanner, { type ScanOutcome } from '../../../ui/QrScanner.tsx';
import { scannedPass, scannedWords } from '../rules/scanned-pass.ts';
import { eventNoteWords } from '../rules/check-in-words.ts';
import '../../../styles/account.css';
import '../../../styles/guide.css';

const noChanges = () => () => undefined;

/** What the sheet's record and this phone's unsent events say together. */
function everyEvent(saved: SavedTripSheet, recorded: readonly RecordedTripEvent[]): CheckInEvent[] {
  const known = new Set(saved.sheet.events.map((event) => event.id));
  const mine = recorded
    .filter((item) => !known.has(item.id) && !item.refused)
    .map((item): CheckInEvent => ({ ...item.event, by: item.by, gear: item.event.kind === 'gear' ? item.event : null }));
  return [...saved.sheet.events, ...mine];
}

/** What the API refused of this phone's events, each in words with its reason. */
function refusedWords(saved: SavedTripSheet, recorded: readonly RecordedTripEvent[]): string[] {
  const names = new Map(
    saved.sheet.parties.flatMap((party) => party.members.map((member) => [member.uid, member.name ?? member.email ?? 'A guest'])),
  );
  return recorded.flatMap((item) =>
    item.refused
      ? [
          eventNoteWords(
            { member: names.get(item.event.uid) ?? 'Someone not on this sheet', kind: item.event.kind, at: item.event.at, by: item.by },
            item.refused,
          ),
        ]
      : [],
  );
}

export default function TripSheetPage() {
  const hydrated = useHydrated();
  const dateId = useSyncExternalStore(
    noChanges,
    () => new URLSearchParams(window.location.search).get('date'),
    () => undefined,
  );
  const known = useStore($knownUser);
  const auth = useStore($authStatus);
  const authUser = useStore($authUser);
  const { open, saved, recorded, sync } = useStore($tripPage);
  const uid = known?.uid ?? null;
  /** The member whose pass was scanned last, and what the scan said (a new object for each scan). */
  const [scanned, setScanned] = useState<{ key: string; words: string } | null>(null);
  const [filter, setFilter] = useState<RollCallFilter>({ notCheckedIn: false, search: '' });

  useEffect(() => {
    void startAuth();
  }, []);

  useEffect(() => {
    if (uid && dateId) void openTrip(uid, dateId);
  }, [uid, dateId]);

  const unsent = unsentOf(recorded);

  if (dateId === null) {
    return (
      <p className="guide-note">
        No date chosen. <a href="/guide">Choose a date</a> to open its trip sheet.
      </p>
    );
  }
  if (!hydrated || dateId === undefined) return <AccountLoading label="Opening the trip sheet" />;
  if (!known || auth === 'signed-out') {
    return (
      <p className="guide-note">
        Please <a href="/sign-in">log in</a> to open trip sheets.
      </p>
    );
  }
  if (saved === 'loading' || open?.dateId !== dateId) return <AccountLoading label="Opening the trip sheet" />;
  if (!saved) {
    return (
      <p className="guide-note">
        This trip sheet is not saved on this phone. With a signal, open{' '}
        <a href={`/guide/roster?date=${encodeURIComponent(dateId)}`}>the roster</a> and choose Save for the trailhead.
      </p>
    );
  }

  const { sheet } = saved;
  const members = checkIns(everyEvent(saved, recorded));
  const gearCheck = sheet.date.calendar !== 'winter-mentorship';
  const me = authUser?.displayName ?? known.email ?? 'You';
  const everyone = sheet.parties.flatMap((party) => party.members.map((member) => checkInOf(members, party.bookingId, member.uid)));
  const here = everyone.filter((member) => member.status === 'here').length;
  const noShows = everyone.filter((member) => member.status === 'no-show').length;

  const nobodyShown =
    sheet.parties.length > 0 &&
    !sheet.parties.some((party) =>
      party.members.some((member) => keptByFilter(member, checkInOf(members, party.bookingId, member.uid), filter)),
    );

  /** Records what a tap chose: Here and No-show as the shared rule says (a second tap takes a mark back), the rest as it is. */
  function choose(bookingId: string, memberUid: string, ...choices: CheckInChoice[]) {
    const member = { bookingId, uid: memberUid, at: new Date().toISOString() };
    const events = choices.flatMap((choice): TripEventRequest[] => {
      if (choice.kind !== 'here' && choice.kind !== 'no-show') return [{ ...choice, ...member, id: crypto.randomUUID() }];
      const tap = tapOf(checkInOf(members, bookingId, memberUid), choice.kind);
      return [
        ...tap.undo.map((undoes): TripEventRequest => ({ ...member, id: crypto.randomUUID(), kind: 'undo', undoes })),
        ...(tap.record ? [{ ...member, id: crypto.randomUUID(), kind: tap.record }] : []),
      ];
    });
    void recordCheckIns(me, events);
  }

  function scan(text: string): ScanOutcome {
    const found = scannedPass(text, sheet, members);
    const words = scannedWords(found);
    if (found.kind !== 'member') return { found: false, words };
    // A scan checks in; it never takes back an arrival already recorded.
    if (found.checkIn.status !== 'here') choose(found.bookingId, found.uid, { kind: 'here' });
    setScanned({ key: memberKey(found.bookingId, found.uid), words });
    return { found: true };
  }

  return (
    <section className="trip" aria-labelledby="trip-title">
      <h2 id="trip-title">
        {formatDenverDateTime(sheet.date.date._seconds * 1000)}: {sheet.date.activity}
      </h2>
      <p className="trip-saved">
        Saved {formatDenverMoment(Date.parse(sheet.savedAt))}. Meeting point: {sheet.meetingPoint}.
      </p>
      <p className="trip-counts">
        {here} here, {noShows} {noShows === 1 ? 'no-show' : 'no-shows'}, {everyone.length - here - noShows} not checked in.
      </p>
      <TripSyncBar
        sync={sync}
        unsent={unsent.map((item) => item.event)}
        refused={refusedWords(saved, recorded)}
        changes={saved.changes}
        onSend={() => void sendTrip()}
      />
      <QrScanner
        className="trip-scan"
        start="Scan a pass"
        hint="Point the camera at the QR code on the member's pass."
        instead="check them in by name below"
        onScan={scan}
      />
      {sheet.parties.length === 0 && <p className="guide-note">Nobody is booked on this date.</p>}
      {sheet.parties.length > 0 && <RollCallFilters filter={filter} onChange={setFilter} />}
      {nobodyShown && (
        <p className="guide-note" role="status">
          {filter.search.trim() ? `Nobody on the sheet matches “${filter.search.trim()}”.` : 'Everyone is checked in.'}
        </p>
      )}
      {sheet.parties.map((party) => {
        const payer = party.members.find((member) => member.role === 'booked') ?? party.members[0];
        const unnamed = Math.max(party.partySize - party.members.length, 0);
        const shown = party.members
          .map((member) => ({ member, checkIn: checkInOf(members, party.bookingId, member.uid) }))
          .filter(({ member, checkIn }) => keptByFilter(member, checkIn, filter));
        if (shown.length === 0 && (filter.notCheckedIn || filter.search.trim())) return null;
        return (
          <section key={party.bookingId} className="trip-party" aria-labelledby={`party-${party.bookingId}`}>
            <h3 id={`party-${party.bookingId}`}>
              {payer ? `${payer.name ?? payer.email ?? 'A guest'}'s party` : 'A party'}, {party.partySize}{' '}
              {party.partySize === 1 ? 'seat' : 'seats'}
            </h3>
            {party.notes.map((note) => (
              <p key={note} className="trip-note">
                Office note: {note}
              </p>
            ))}
            {unnamed > 0 && (
              <p className="trip-note">
                {unnamed} {unnamed === 1 ? 'seat is' : 'seats are'} paid for but not named yet.
              </p>
            )}
            <ul className="trip-members">
              {shown.map(({ member, checkIn }) => (
                <TripMemberRow
                  key={member.uid}
                  member={member}
                  checkIn={checkIn}
                  gearCheck={gearCheck}
                  waiver={sheet.waiver}
                  scanned={scanned?.key === memberKey(party.bookingId, member.uid) ? scanned : null}
                  onChoose={(...choices) => choose(party.bookingId, member.uid, ...choices)}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}
