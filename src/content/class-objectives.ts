/** What a rider can do after each avalanche class (about ten hours), by the class type of its price. */
export const classObjectives: Record<string, { lead: string; objectives: string[] }> = {
  moto: {
    lead: 'After about ten hours with us, in the classroom and out on the sleds, you will be able to:',
    objectives: [
      'Read the Utah Avalanche Center forecast for the Uintas and turn it into a plan: where you will ride today, and what you will leave alone.',
      'Recognise avalanche terrain from the seat of a sled: slope angle, terrain traps, connected slopes and the runout below a climb.',
      'Spot the red flags (recent avalanches, shooting cracks, collapsing, fresh wind loading) and decide what they mean for the next slope.',
      'Expose one rider at a time, park out of the runout, and keep eyes on your partner while they are on the hill.',
      'Check beacons at the trailhead and run a companion rescue from signal search to strategic shoveling in under ten minutes.',
      'Pack a sled kit that works: beacon, shovel, probe, airbag, first aid and what you need for a night out if the sled breaks.',
    ],
  },
  sledski: {
    lead: 'After about ten hours with us, towing, skinning and skiing, you will be able to:',
    objectives: [
      'Plan a sled-access ski day: the forecast, the approach, a ski objective that fits the conditions, and a turnaround time.',
      'Tow and be towed safely, and rig skis, poles and packs on a sled so nothing comes loose on the trail.',
      'Make quick, tidy transitions from sled to skins and back, and run a group where some ride and some ski.',
      'Choose ski lines with the consequences in mind: aspect, elevation, slope angle, terrain traps, and the sleds parked below.',
      'Dig a quick pit, run an extended column test, and know what its result can and cannot tell you.',
      'Lead a companion rescue with a mixed group: beacons, a probe line and shoveling in relays.',
    ],
  },
};
