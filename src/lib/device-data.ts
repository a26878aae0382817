/**
 * What a signed-in person keeps on this device for when there is no network, in one IndexedDB
 * database (through idb): a guide's trip sheets and the check-ins recorded at the trailhead, not yet
 * sent, and a customer's trailhead passes. It belongs to one account: the auth store removes it whole when that account signs out or
 * another signs in.
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

/** Removes everything kept on the device. */
export async function forgetDeviceData(): Promise<void> {
  await forgetConnection();
  await deleteDB(DEVICE_DB);
}
