/** The phone's unsent events in the batches the API takes: at most so many events, and so many signatures (images), at once. */
import { SIGNATURES_PER_BATCH, TRIP_EVENTS_PER_BATCH, type TripEventRequest } from '../../../../shared/contract/trailhead.ts';

export function tripBatches<T extends { event: TripEventRequest }>(
  pending: readonly T[],
  limits = { events: TRIP_EVENTS_PER_BATCH, signatures: SIGNATURES_PER_BATCH },
): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let signatures = 0;
  for (const item of pending) {
    const signature = item.event.kind === 'signed' ? 1 : 0;
    if (batch.length === limits.events || signatures + signature > limits.signatures) {
      batches.push(batch);
      batch = [];
      signatures = 0;
    }
    batch.push(item);
    signatures += signature;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
