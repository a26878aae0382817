/**
 * What a signed-in person keeps on this device for when there is no network, in one IndexedDB
 * database (through idb): a guide's trip sheets and the check-ins recorded at the trailhead, not yet
 * sent, and a customer's trailhead passes. It belongs to one account: logging out removes it whole
 * before the sign-out completes (refused while check-ins wait to be sent, unless the person says to
 * lose them); when another account signs in, the last one's sheets and passes go, and what it
 * recorded and never sent stays apart.
 */
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { TrailheadPass, TripEventRequest, TripSheet } from '../../shared/contract/trailhead.ts';

export const DEVICE_DB = 'kamas-device';

/** A trip sheet saved for the trailhead, as its guide saved it. */
export interface SavedTripSheet {
  dateId: string;
  ownerUid: string;
  sheet: TripSheet;
  /** What changed between the sheet saved before and this one, in words (empty for the first). */
  changes: string[];
}

/** An event recorded on this phone: `sentAt` once the API has it, `refused` when it never will. */
export interface RecordedTripEvent {
  id: string;
  dateId: string;
  ownerUid: string;
  /** Who recorded it, as the sheet names them. */
  by: string;
  event: TripEventRequest;
  sentAt: string | null;
  refused: string | null;
}

/** A customer's trailhead passes as My Bookings last read them. */
export interface SavedPasses {
  ownerUid: string;
  /** When they were read (ISO 8601). */
  updatedAt: string;
  passes: TrailheadPass[];
}

interface DeviceSchema extends DBSchema {
  tripSheets: { key: string; value: SavedTripSheet };
  tripEvents: { key: string; value: RecordedTripEvent; indexes: { byDate: string } };
  passes: { key: string; value: SavedPasses };
}

export type DeviceDb = IDBPDatabase<DeviceSchema>;

let opened: Promise<DeviceDb> | null = null;

export function openDevice(): Promise<DeviceDb> {
  opened ??= openDB<DeviceSchema>(DEVICE_DB, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('tripSheets', { keyPath: 'dateId' });
        db.createObjectStore('tripEvents', { keyPath: 'id' }).createIndex('byDate', 'dateId');
      }
      if (oldVersion < 2) db.createObjectStore('passes', { keyPath: 'ownerUid' });
    },
    // Another tab removes the database (a sign-out there): this one lets go of it.
    blocking() {
      void forgetConnection();
    },
  });
  return opened;
}

async function forgetConnection(): Promise<void> {
  const open = opened;
  opened = null;
  if (open) (await open.catch(() => null))?.close();
}

/** What this device holds that the API does not have yet: arrivals, no-shows and gear checks, and signatures. */
export interface Unsent {
  checkIns: number;
  signatures: number;
}

/** A browser with no IndexedDB (some private modes) keeps nothing here. */
const keepsNothing = () => typeof indexedDB === 'undefined';

const isUnsent = (recorded: RecordedTripEvent) => !recorded.sentAt && !recorded.refused;

/** Whether this device keeps anything here at all (without making the database where none is). */
export async function deviceDataKept(): Promise<boolean> {
  if (keepsNothing()) return false;
  if (typeof indexedDB.databases !== 'function') return true;
  return (await indexedDB.databases()).some((database) => database.name === DEVICE_DB);
}

/** What `ownerUid` recorded on this device and has not sent. */
export async function unsentOnDevice(ownerUid: string): Promise<Unsent> {
  if (keepsNothing()) return { checkIns: 0, signatures: 0 };
  const unsent = (await (await openDevice()).getAll('tripEvents')).filter(
    (recorded) => recorded.ownerUid === ownerUid && isUnsent(recorded),
  );
  const signatures = unsent.filter((recorded) => recorded.event.kind === 'signed').length;
  return { checkIns: unsent.length - signatures, signatures };
}

/**
 * Removes what the device keeps: the trip sheets (with their medical notes) and the passes always.
 * With `keepUnsent`, events recorded at the trailhead and not yet sent stay, apart, as the company's
 * record (an account that changed without signing out, a role revoked during the day); the database
 * goes whole once nothing of that kind is left.
 */
export async function forgetDeviceData({ keepUnsent = false } = {}): Promise<void> {
  if (keepsNothing()) return;
  if (keepUnsent) {
    const db = await openDevice();
    const tx = db.transaction(['tripSheets', 'tripEvents', 'passes'], 'readwrite');
    await tx.objectStore('tripSheets').clear();
    await tx.objectStore('passes').clear();
    let kept = 0;
    for (const recorded of await tx.objectStore('tripEvents').getAll()) {
      if (isUnsent(recorded)) kept += 1;
      else await tx.objectStore('tripEvents').delete(recorded.id);
    }
    await tx.done;
    if (kept > 0) return;
  }
  await forgetConnection();
  await deleteDB(DEVICE_DB);
}
