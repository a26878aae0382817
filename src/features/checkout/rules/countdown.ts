/** The time left on a seat hold, as the checkout's countdown shows it. */

/** Milliseconds from now until the hold expires; 0 once it has. */
export function msLeft(expiresAt: Date | string | number, now: number): number {
  const end = new Date(expiresAt).getTime();
  return Number.isNaN(end) ? 0 : Math.max(0, end - now);
}

/** "14:05" (minutes:seconds), rounded up so the clock reads 0:00 only when the hold is over. */
export function formatTimeLeft(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** "14 minutes 5 seconds", for a screen reader. */
export function describeTimeLeft(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const part = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (minutes === 0) return part(seconds, 'second');
  return seconds === 0 ? part(minutes, 'minute') : `${part(minutes, 'minute')} ${part(seconds, 'second')}`;
}
