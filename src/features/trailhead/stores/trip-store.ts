/**
 * A guide's trip sheets and the events recorded at the trailhead, kept on the phone (lib/device-data.ts)
 * for the account that saved them. A sheet goes 48 hours after its trip ends, with its events.
 */
import { tripEndsAt } from '../../../../shared/company/meeting-area.ts';
import type { CalendarName } from '../../../../shared/contract/requests.ts';
import type { TripSheet } from '../../../../shared/contract/trailhead.ts';
import { onKeptDevice, openDevice, type DeviceDb, type RecordedTripEvent, type SavedTripSheet } from '../../../lib/device-data.ts';
import { sheetChanges } from '../rules/sheet-changes.ts';

export type { RecordedTripEvent, SavedTripSheet };

const KEPT_AFTER_TRIP_MS = 48 * 3_600_000;

/** When a saved sheet leaves the phone: 48 hours after its trip ends. */
export function keptUntil(sheet: TripSheet): number {
  return tripEndsAt(sheet.date.date._seconds * 1000, sheet.date.calendar as CalendarName) + KEPT_AFTER_TRIP_MS;
}

/** Saves the sheet for `ownerUid`, noting what changed since the sheet saved before. */
export async function saveSheet(ownerUid: string, sheet: TripSheet): Promise<SavedTripSheet> {
  const db = await openDevice();
  const before = await db.get('tripSheets', sheet.date.id);
  const saved: SavedTripSheet = {
    dateId: sheet.date.id,
    ownerUid,
    sheet,
    changes: before?.ownerUid === ownerUid ? sheetChanges(before.sheet, sheet) : [],
  };
  await db.put('tripSheets', saved);
  return saved;
}

/** The account's saved sheet of the date, if it is still kept. */
export async function savedSheet(ownerUid: string, dateId: string, now = Date.now()): Promise<SavedTripSheet | null> {
  await forgetEnded(now);
  const saved = await onKeptDevice((db) => db.get('tripSheets', dateId), undefined);
  return saved?.ownerUid === ownerUid ? saved : null;
}

/** The account's saved sheets, soonest trip first. */
export async function savedSheets(ownerUid: string, now = Date.now()): Promise<SavedTripSheet[]> {
  await forgetEnded(now);
  const all = await onKeptDevice((db) => db.getAll('tripSheets'), []);
  return all.filter((saved) => saved.ownerUid === ownerUid).sort((a, b) => a.sheet.date.date._seconds - b.sheet.date.date._seconds);
}

/** Records events on the phone, all or none, to be sent when there is a network. */
export async function recordEvents(recorded: readonly RecordedTripEvent[]): Promise<void> {
  const tx = (await openDevice()).transaction('tripEvents', 'readwrite');
  await Promise.all([...recorded.map((item) => tx.store.put(item)), tx.done]);
}

/** What this phone recorded for the date, in the order it was recorded. */
export async function recordedEvents(ownerUid: string, dateId: string): Promise<RecordedTripEvent[]> {
  const all = await onKeptDevice((db) => db.getAllFromIndex('tripEvents', 'byDate', dateId), []);
  return all.filter((recorded) => recorded.ownerUid === ownerUid).sort((a, b) => a.event.at.localeCompare(b.event.at));
}

/** What became of an event sent: the API has it (`sentAt`), or refused it with a reason (and keeps it for the office). */
export type SentOutcome = { sentAt: string } | { refused: string };

/** Marks each event by its outcome. */
export async function markEvents(outcomes: ReadonlyMap<string, SentOutcome>): Promise<void> {
  await onKeptDevice(async (db) => {
    const tx = db.transaction('tripEvents', 'readwrite');
    for (const [id, outcome] of outcomes) {
      const recorded = await tx.store.get(id);
      if (recorded) await tx.store.put({ ...recorded, ...outcome });
    }
    await tx.done;
  }, undefined);
}

/** The kept sheets and events, changed together. */
const sheetsAndEvents = (db: DeviceDb) => db.transaction(['tripSheets', 'tripEvents'], 'readwrite');
type SheetsAndEvents = ReturnType<typeof sheetsAndEvents>;

/** Removes from the phone what `forget` takes away, given the kept sheets, in one change of sheets and events. */
async function forgetKept(forget: (tx: SheetsAndEvents, sheets: SavedTripSheet[]) => Promise<void>): Promise<void> {
  await onKeptDevice(async (db) => {
    const tx = sheetsAndEvents(db);
    await forget(tx, await tx.objectStore('tripSheets').getAll());
    await tx.done;
  }, undefined);
}

/** Removes those of `events` the API has (sent, or refused and kept by the office). */
async function forgetSent(tx: SheetsAndEvents, events: readonly RecordedTripEvent[]): Promise<void> {
  for (const recorded of events) {
    if (recorded.sentAt || recorded.refused) await tx.objectStore('tripEvents').delete(recorded.id);
  }
}

/**
 * Removes the account's sheets, with their medical notes, and the events the API has (its role was
 * found revoked); what it recorded and never sent stays, apart, as the company's record.
 */
export async function forgetSheets(ownerUid: string): Promise<void> {
  await forgetKept(async (tx, sheets) => {
    for (const saved of sheets) {
      if (saved.ownerUid === ownerUid) await tx.objectStore('tripSheets').delete(saved.dateId);
    }
    const events = await tx.objectStore('tripEvents').getAll();
    await forgetSent(
      tx,
      events.filter((recorded) => recorded.ownerUid === ownerUid),
    );
  });
}

/** Removes the sheets whose trip ended more than 48 hours ago, with their events sent. */
export async function forgetEnded(now: number): Promise<void> {
  await forgetKept(async (tx, sheets) => {
    for (const saved of sheets) {
      if (keptUntil(saved.sheet) > now) continue;
      await tx.objectStore('tripSheets').delete(saved.dateId);
      // What was never sent stays until it is: a check-in is the company's record.
      await forgetSent(tx, await tx.objectStore('tripEvents').index('byDate').getAll(saved.dateId));
    }
  });
}
