/** What to bring on the day, by what was booked; the trip briefing and the trailhead pass list it. */
import type { CalendarName } from '../contract/requests.ts';

const AVALANCHE_RESCUE = ['Avalanche beacon (transceiver), with fresh batteries', 'Shovel', 'Probe'];
const LAYERS = ['Warm layers, a shell, gloves, a hat and goggles', 'Water and lunch for the day'];

export function gearFor(trip: { calendar: CalendarName | string; title: string }): string[] {
  if (trip.calendar === 'winter-classes')
    return [...AVALANCHE_RESCUE, 'Your snowmobile, fuelled, with a spare belt', ...LAYERS, 'A notebook and a pencil'];
  if (/snowmobile/i.test(trip.title)) return ['Your snowmobile and helmet, fuelled', ...AVALANCHE_RESCUE, ...LAYERS];
  if (/sled/i.test(trip.title)) return ['Skis or a splitboard with skins, and your snowmobile', ...AVALANCHE_RESCUE, ...LAYERS];
  return ['Skis or a splitboard, skins and poles', ...AVALANCHE_RESCUE, ...LAYERS];
}
