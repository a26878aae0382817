/** The time left on a seat hold, as the checkout's countdown shows it. */

/** Milliseconds from now until the hold expires; 0 once it has. */
export function msLeft(expiresAt: Date | string | number, now: number): number {
  const end = new Date(expiresAt).getTime();
  return Number.isNaN(end) ? 0 : Math.max(0, end - now);
}

/** Hours, minutes and seconds left, the seconds rounded up so the clock reads 0:00 only when the hold is over. */
function partsLeft(ms: number) {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

const twoDigits = (count: number) => String(count).padStart(2, '0');

/** "14:05" (minutes:seconds); "1:59:30" for a hold of hours (a waitlist offer's). */
export function formatTimeLeft(ms: number): string {
  const { hours, minutes, seconds } = partsLeft(ms);
  return hours > 0 ? `${hours}:${twoDigits(minutes)}:${twoDigits(seconds)}` : `${minutes}:${twoDigits(seconds)}`;
}

/** "14 minutes 5 seconds", "1 hour 59 minutes", for a screen reader. */
export function describeTimeLeft(ms: number): string {
  const { hours, minutes, seconds } = partsLeft(ms);
  const part = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  const parts = [
    ...(hours > 0 ? [part(hours, 'hour')] : []),
    ...(minutes > 0 ? [part(minutes, 'minute')] : []),
    ...(seconds > 0 ? [part(seconds, 'second')] : []),
  ];
  return parts.length === 0 ? part(0, 'second') : parts.join(' ');
}
