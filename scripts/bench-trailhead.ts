/**
 * The trip day's benchmark: how long a guide's phone takes to open a saved trip sheet of ten parties
 * with no network (the page from the service worker, the sheet from IndexedDB), on a phone-sized
 * screen with the CPU slowed four times, as a mid-range phone is. The sheet is saved from the date's
 * roster as a guide saves it, then grown to ten parties of three on the phone (each a copy of the
 * real party with its own ids), so the page renders thirty members. Median of five openings.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, requireBrowser } from './browser.ts';

const PARTIES = 10;
const MEMBERS_PER_PARTY = 3;
const RUNS = 5;
const CPU_SLOWDOWN = 4;

export interface SavedSheetTiming {
  parties: number;
  members: number;
  /** Milliseconds from asking for the page to the sheet's counts on screen, each run, and their median. */
  runs: number[];
  median: number;
}

export async function timeSavedSheetOffline(
  site: string,
  guide: { email: string; password: string; dateId: string },
): Promise<SavedSheetTiming> {
  const browser = await chromium.launch({ executablePath: requireBrowser(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, baseURL: site });
    const page = await context.newPage();
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(guide.email);
    await page.getByLabel('Password').fill(guide.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/sign-in');
    await page.goto(`/guide/roster?date=${encodeURIComponent(guide.dateId)}`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByRole('button', { name: 'Save for the trailhead' }).click();
    await page.getByRole('link', { name: 'Open the trip sheet' }).waitFor();

    // Ten parties of three, each a copy of the saved party with ids of its own.
    const members = await page.evaluate(
      async ([parties, size]) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('kamas-device');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const store = () => db.transaction('tripSheets', 'readwrite').objectStore('tripSheets');
        const saved = await new Promise<{ sheet: { parties: { bookingId: string; partySize: number; members: object[] }[] } }>(
          (resolve, reject) => {
            const request = store().getAll();
            request.onsuccess = () => resolve(request.result[0]);
            request.onerror = () => reject(request.error);
          },
        );
        const [party] = saved.sheet.parties;
        if (!party) throw new Error('the saved sheet has no party');
        const hex = (n: number) => n.toString(16).padStart(32, '0');
        saved.sheet.parties = Array.from({ length: parties }, (_, p) => ({
          ...party,
          bookingId: `bench_party_${p}`,
          partySize: size,
          members: Array.from({ length: size }, (_, m) => {
            const member = party.members[0] as { uid: string; name: string | null };
            return {
              ...member,
              uid: `bench_${p}_${m}`,
              name: `${member.name ?? 'Guest'} ${p + 1}.${m + 1}`,
              passCode: hex(p * size + m + 1),
            };
          }),
        }));
        await new Promise<void>((resolve, reject) => {
          const request = store().put(saved);
          request.onsuccess = () => resolve();
          request.onerror = () => reject(request.error);
        });
        db.close();
        return parties * size;
      },
      [PARTIES, MEMBERS_PER_PARTY] as const,
    );

    await context.setOffline(true);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const runs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = Date.now();
      await page.goto(`/guide/trip?date=${encodeURIComponent(guide.dateId)}`);
      await page.getByText(`0 here, 0 no-shows, ${members} not checked in.`).waitFor({ timeout: 30_000 });
      runs.push(Date.now() - started);
    }
    const median = [...runs].sort((a, b) => a - b)[Math.floor(RUNS / 2)] ?? NaN;
    return { parties: PARTIES, members, runs, median };
  } finally {
    await browser.close();
  }
}
