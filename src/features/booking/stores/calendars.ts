/**
 * The public booking calendars as the booking pages load them: the first load with its loading,
 * reconnecting and failed views, and fresh copies when the visitor comes back to the tab or heads
 * to Checkout. A chosen date that is no longer open is let go, with a note saying so.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { publicApi } from '../../../lib/api/client.ts';
import { availabilityOf } from '../../../../shared/rules/availability.ts';
import type { CalendarDate } from '../../../../shared/rules/calendar-date.ts';
import { formatDenverDate } from '../../../../shared/rules/dates.ts';
import { withRetries, withTimeout, type RetryPolicy } from '../../../lib/retry.ts';
import type { CalendarName } from '../../../../shared/contract/requests.ts';
import { $cart, clearDate } from './cart.ts';
import { $checkoutHold } from './checkout-hold.ts';

export type CalendarLoad =
  | { status: 'loading' }
  | { status: 'reconnecting'; attempt: number; of: number }
  | { status: 'failed' }
  /** `checkedAt`: when the answer arrived; dates are judged open or closed as of then. */
  | { status: 'ready'; entries: CalendarDate[]; checkedAt: number };

export interface CalendarSource {
  readonly name: CalendarName;
  readonly $load: ReadableAtom<CalendarLoad>;
  /** The first load, or a new start after a failure (Retry Now). */
  load(): Promise<void>;
  /** A copy past every cache, keeping the current view meanwhile; true when it arrived. */
  refresh(): Promise<boolean>;
}

/** Why the chosen date was let go, shown beside the calendar; null when nothing happened. */
const $releasedNotice = atom<string | null>(null);
export const $selectionNotice: ReadableAtom<string | null> = $releasedNotice;

export function dismissSelectionNotice() {
  $releasedNotice.set(null);
}

/** Lets go of the chosen date of this calendar when it has filled (with others' seats), closed or gone. */
function releaseClosedSelection(name: CalendarName, entries: readonly CalendarDate[]) {
  const { calendar, dateId, startDate } = $cart.get();
  if (calendar !== name || !dateId) return;
  const chosen = entries.find((candidate) => candidate.id === dateId);
  if (chosen && availabilityOf(chosen, name, Date.now(), $checkoutHold.get()).state === 'available') return;
  clearDate();
  const day = formatDenverDate(chosen ? chosen.startsAt : (startDate ?? Date.now()));
  $releasedNotice.set(`${day} is no longer available: it filled up or closed. Please choose another date.`);
}

export function calendarSource(name: CalendarName, policy: RetryPolicy): CalendarSource {
  const $load = atom<CalendarLoad>({ status: 'loading' });
  let loading: Promise<void> | null = null;

  const fetchEntries = (signal: AbortSignal, cache?: RequestCache) =>
    publicApi.calendar({ params: { name }, signal, ...(cache ? { cache } : {}) });

  function arrived(entries: CalendarDate[]) {
    $load.set({ status: 'ready', entries, checkedAt: Date.now() });
    releaseClosedSelection(name, entries);
  }

  function load(): Promise<void> {
    loading ??= (async () => {
      if ($load.get().status !== 'loading') $load.set({ status: 'loading' });
      try {
        arrived(await withRetries(fetchEntries, policy, (attempt) => $load.set({ status: 'reconnecting', attempt, of: policy.retries })));
      } catch (error) {
        console.warn(`Could not load the ${name} calendar`, error);
        $load.set({ status: 'failed' });
      } finally {
        loading = null;
      }
    })();
    return loading;
  }

  async function refresh(): Promise<boolean> {
    if ($load.get().status !== 'ready') {
      await load();
      return $load.get().status === 'ready';
    }
    try {
      arrived(await withTimeout((signal) => fetchEntries(signal, 'no-cache'), policy.timeoutMs));
      return true;
    } catch (error) {
      console.warn(`Could not refresh the ${name} calendar`, error);
      return false;
    }
  }

  return { name, $load, load, refresh };
}

/** Day tour dates load once (`Failed to fetch available dates.` otherwise). */
export const dayTourCalendar = calendarSource('winter-day-tours', { retries: 0, delayMs: 0, timeoutMs: 10_000 });
/** The class calendar retries 3 times, 5 s apart, with a 10 s time-out. */
export const classCalendar = calendarSource('winter-classes', { retries: 3, delayMs: 5_000, timeoutMs: 10_000 });
/** The monthly mentorship days load like the classes: a few dates, worth retrying for. */
export const mentorshipCalendar = calendarSource('winter-mentorship', { retries: 3, delayMs: 5_000, timeoutMs: 10_000 });

/** Fetches a fresh copy whenever the visitor comes back to the page (another tab, an app switch, Back). */
export function refreshWhenVisible(source: CalendarSource): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') void source.refresh();
  };
  const onShow = (event: PageTransitionEvent) => {
    if (event.persisted) void source.refresh();
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('pageshow', onShow);
  return () => {
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('pageshow', onShow);
  };
}

/** Before Checkout: a fresh look at the chosen date. False when it was let go meanwhile. */
export async function confirmChosenDate(source: CalendarSource): Promise<boolean> {
  await source.refresh();
  return $cart.get().dateId !== null;
}
