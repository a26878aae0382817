/**
 * What a signed-in person keeps on this device for when there is no network, in one IndexedDB
 * database (through idb): a guide's trip sheets and the check-ins recorded at the trailhead, not yet
 * sent, and a customer's trailhead passes. It belongs to one account: logging out removes it whole
 * before the sign-out completes (refused while check-ins wait to be sent, unless the person says to
 * lose them); when another account signs in, the last one's sheets and passes go, and what it
 * recorded and never sent stays apart.
 */
import { deleteDB, wrap, type DBSchema, type IDBPDatabase } from 'idb';
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

const VERSION = 2;

/**
 * Opens the database (through the browser's own API, so that opening need not make it): where there
 * is none, makes it only when `make` is set, else answers null and leaves none behind.
 */
function connect(make: boolean): Promise<DeviceDb | null> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DEVICE_DB, VERSION);
    let absent = false;
    request.onupgradeneeded = ({ oldVersion }) => {
      const db = request.result;
      if (oldVersion === 0 && !make) {
        // Aborting the first version's upgrade removes the database it would have made.
        absent = true;
        request.transaction?.abort();
        return;
      }
      if (oldVersion < 1) {
        db.createObjectStore('tripSheets', { keyPath: 'dateId' });
        db.createObjectStore('tripEvents', { keyPath: 'id' }).createIndex('byDate', 'dateId');
      }
      if (oldVersion < 2) db.createObjectStore('passes', { keyPath: 'ownerUid' });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab or the service worker removes the database (a sign-out there): this one lets go of it.
      db.onversionchange = () => void forgetConnection();
      resolve(wrap(db) as DeviceDb);
    };
    request.onerror = (event) => {
      event.preventDefault();
      if (absent) resolve(null);
      else reject(request.error ?? new Error(`Could not open ${DEVICE_DB}`));
    };
  });
}

let opened: Promise<DeviceDb> | null = null;

/** The database, made if there is none: for keeping something on the device. */
export function openDevice(): Promise<DeviceDb> {
  opened ??= connect(true).then(
    (db) => db ?? Promise.reject(new Error(`Could not make ${DEVICE_DB}`)),
    (error: unknown) => {
      opened = null;
      throw error;
    },
  );
  return opened;
}

/** The database if this device keeps one, else null (never making it). */
async function openKeptDevice(): Promise<DeviceDb | null> {
  if (opened) return opened;
  if (!(await deviceDataKept())) return null;
  const db = await connect(false);
  if (!db) return null;
  if (opened) {
    db.close();
    return opened;
  }
  opened = Promise.resolve(db);
  return db;
}

/** Connections let go of (the database is being removed): work begun on one finds nothing to do. */
const letGo = new WeakSet<DeviceDb>();

/**
 * Reads or removes what the device keeps, answering `none` where it keeps nothing: never makes the
 * database, and a database removed while this ran (a sign-out in this tab, another or the service
 * worker) leaves nothing to do rather than an empty database behind.
 */
export async function onKeptDevice<T>(work: (db: DeviceDb) => Promise<T>, none: T): Promise<T> {
  const db = await openKeptDevice();
  if (!db) return none;
  try {
    return await work(db);
  } catch (error) {
    if (letGo.has(db) && error instanceof Error && error.name === 'InvalidStateError') return none;
    throw error;
  }
}

async function forgetConnection(): Promise<void> {
  const open = opened;
  opened = null;
  const db = await open?.catch(() => null);
  if (!db) return;
  letGo.add(db);
  db.close();
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
async function deviceDataKept(): Promise<boolean> {
  if (keepsNothing()) return false;
  if (typeof indexedDB.databases !== 'function') return true;
  return (await indexedDB.databases()).some((database) => database.name === DEVICE_DB);
}

/** What `ownerUid` recorded on this device and has not sent. */
export async function unsentOnDevice(ownerUid: string): Promise<Unsent> {
  const all = await onKeptDevice((db) => db.getAll('tripEvents'), []);
  const unsent = all.filter((recorded) => recorded.ownerUid === ownerUid && isUnsent(recorded));
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
    const kept = await onKeptDevice(async (db) => {
      const tx = db.transaction(['tripSheets', 'tripEvents', 'passes'], 'readwrite');
      await tx.objectStore('tripSheets').clear();
      await tx.objectStore('passes').clear();
      let unsent = 0;
      for (const recorded of await tx.objectStore('tripEvents').getAll()) {
        if (isUnsent(recorded)) unsent += 1;
        else await tx.objectStore('tripEvents').delete(recorded.id);
      }
      await tx.done;
      return unsent;
    }, 0);
    if (kept > 0) return;
  }
  await forgetConnection();
  await deleteDB(DEVICE_DB);
}
