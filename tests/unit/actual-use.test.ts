import { describe, expect, it } from 'vitest';
import {
  actualUse,
  permitFee,
  reportDifferences,
  reportDueOn,
  reportReminder,
  type CheckInMark,
  type Movement,
  type TripDay,
  type TripSeat,
} from '../../shared/rules/actual-use.ts';
import { memberKey } from '../../shared/rules/check-in.ts';

const seat = (bookingId: string, uid: string): TripSeat => ({ bookingId, uid, name: `Rider ${uid}` });

/** A trip day on forest land at Soapstone, with its seats and what the sheet marked of them. */
function tripDay(
  dateId: string,
  day: string,
  seats: TripSeat[],
  marks: Record<string, CheckInMark> = {},
  more: Partial<TripDay> = {},
): TripDay {
  const byMember = new Map<string, CheckInMark>();
  for (const [uid, mark] of Object.entries(marks)) {
    const taken = seats.find((each) => each.uid === uid);
    if (taken) byMember.set(memberKey(taken.bookingId, uid), mark);
  }
  return {
    dateId,
    day,
    activity: 'Snowmobile Exploration Day',
    location: 'Kamas Ranger District',
    onForestLand: true,
    calledOff: false,
    seats,
    marks: byMember,
    ...more,
  };
}

const paid = (bookingId: string, tripDateId: string, amount: number): Movement => ({ bookingId, tripDateId, amount });

describe('the actual use report of a season', () => {
  it('counts each client present as a service day, lists no-shows apart, and reckons 3% of the revenue', () => {
    const day = tripDay('d1', '2027-01-09', [seat('b1', 'ann'), seat('b1', 'ben'), seat('b2', 'cai')], {
      ann: 'here',
      ben: 'here',
      cai: 'no-show',
    });
    const report = actualUse([day], [paid('b1', 'd1', 70_000), paid('b2', 'd1', 35_000)], 300);
    expect(report.rows).toEqual([
      { activity: 'Snowmobile Exploration Day', location: 'Kamas Ranger District', clients: 2, serviceDays: 2, revenue: 105_000 },
    ]);
    expect(report.totals).toEqual({ clients: 2, serviceDays: 2, revenue: 105_000, fee: 3_150 });
    expect(report.noShows).toEqual([{ dateId: 'd1', day: '2027-01-09', activity: 'Snowmobile Exploration Day', name: 'Rider cai' }]);
    expect(report.countedFromBookings).toEqual([]);
  });

  it('takes a refund made after the season off the season of its trip', () => {
    const day = tripDay('d1', '2027-03-20', [seat('b1', 'ann')], { ann: 'here' });
    const report = actualUse([day], [paid('b1', 'd1', 39_500), paid('b1', 'd1', -5_000)], 300);
    expect(report.totals.revenue).toBe(34_500);
    expect(report.totals.fee).toBe(1_035);
  });

  it('counts a booking moved into the next season there, with its change fee, and not in the season it left', () => {
    const stays = tripDay('d1', '2027-03-20', [seat('b1', 'ann')], { ann: 'here' });
    // Booking b2 was on a date of this season, paid its fee and moved to December: its trip date is now d9.
    const money = [paid('b1', 'd1', 25_000), paid('b2', 'd9', 25_000), paid('b2', 'd9', 5_000)];
    expect(actualUse([stays], money, 300).totals.revenue).toBe(25_000);
    const next = tripDay('d9', '2027-12-11', [seat('b2', 'bo')], { bo: 'here' });
    expect(actualUse([next], money, 300).totals).toMatchObject({ serviceDays: 1, revenue: 30_000 });
  });

  it('counts a client on each day of a trip of several days they were there, and lists the day they were not', () => {
    const seats = [seat('b1', 'ann'), seat('b1', 'ben')];
    const first = tripDay('d1', '2027-02-06', seats, { ann: 'here', ben: 'here' }, { activity: 'Avalanche Level 1' });
    const second = tripDay('d1', '2027-02-07', seats, { ann: 'here', ben: 'no-show' }, { activity: 'Avalanche Level 1' });
    const report = actualUse([second, first], [paid('b1', 'd1', 79_000)], 300);
    expect(report.rows).toEqual([
      { activity: 'Avalanche Level 1', location: 'Kamas Ranger District', clients: 2, serviceDays: 3, revenue: 79_000 },
    ]);
    expect(report.noShows).toEqual([{ dateId: 'd1', day: '2027-02-07', activity: 'Avalanche Level 1', name: 'Rider ben' }]);
  });

  it('lists a called-off date apart and counts neither its seats nor its money', () => {
    const calledOff = tripDay('d2', '2027-01-16', [seat('b3', 'dee'), seat('b3', 'eli')], {}, { calledOff: true });
    const ran = tripDay('d1', '2027-01-09', [seat('b1', 'ann')], { ann: 'here' });
    const money = [paid('b1', 'd1', 35_000), paid('b3', 'd2', 70_000), paid('b3', 'd2', -70_000)];
    const report = actualUse([calledOff, ran], money, 300);
    expect(report.totals).toEqual({ clients: 1, serviceDays: 1, revenue: 35_000, fee: 1_050 });
    expect(report.calledOff).toEqual([{ dateId: 'd2', day: '2027-01-16', activity: 'Snowmobile Exploration Day', seats: 2 }]);
  });

  it('gives back cash refunded by the office as any other refund', () => {
    const day = tripDay('d1', '2027-01-23', [seat('b1', 'ann'), seat('b1', 'ben')], { ann: 'here', ben: 'here' });
    const money = [paid('b1', 'd1', 70_000), paid('b1', 'd1', -35_000)];
    expect(actualUse([day], money, 300).totals).toMatchObject({ serviceDays: 2, revenue: 35_000, fee: 1_050 });
  });

  it('counts the paid seats of a trip day nobody was checked in on, and says so', () => {
    const day = tripDay('d1', '2027-01-30', [seat('b1', 'ann'), seat('b2', 'ben')]);
    const report = actualUse([day], [paid('b1', 'd1', 25_000), paid('b2', 'd1', 25_000)], 300);
    expect(report.totals).toMatchObject({ clients: 2, serviceDays: 2 });
    expect(report.countedFromBookings).toEqual([{ dateId: 'd1', day: '2027-01-30', activity: 'Snowmobile Exploration Day', seats: 2 }]);
  });

  it('lists nothing for a date nobody booked, and keeps what a cancellation left of a date nobody is on any more', () => {
    const empty = tripDay('d1', '2027-01-09', []);
    const emptied = tripDay('d2', '2027-01-10', [], {}, { activity: 'Avalanche Course' });
    const emptyCalledOff = tripDay('d3', '2027-01-11', [], {}, { calledOff: true });
    // b2 cancelled by the policy: half its price came back, the other half stays the trip's.
    const report = actualUse([empty, emptied, emptyCalledOff], [paid('b2', 'd2', 39_500), paid('b2', 'd2', -19_750)], 300);
    expect(report.rows).toEqual([
      { activity: 'Avalanche Course', location: 'Kamas Ranger District', clients: 0, serviceDays: 0, revenue: 19_750 },
    ]);
    expect(report.countedFromBookings).toEqual([]);
    expect(report.calledOff).toEqual([]);
  });

  it('leaves out trips off National Forest land, with their money', () => {
    const off = tripDay('d3', '2027-01-09', [seat('b4', 'fay')], { fay: 'here' }, { onForestLand: false });
    expect(actualUse([off], [paid('b4', 'd3', 25_000)], 300)).toMatchObject({ rows: [], totals: { serviceDays: 0, revenue: 0, fee: 0 } });
  });

  it('keeps a row per activity and location, and counts a person in two rows once in the total', () => {
    const sled = tripDay('d1', '2027-01-09', [seat('b1', 'ann')], { ann: 'here' });
    const ski = tripDay(
      'd2',
      '2027-01-10',
      [seat('b2', 'ann')],
      { ann: 'here' },
      { activity: 'Ski & Splitboard Touring Day', location: 'Heber-Kamas Ranger District' },
    );
    const report = actualUse([sled, ski], [paid('b1', 'd1', 35_000), paid('b2', 'd2', 25_000)], 300);
    expect(report.rows.map((row) => [row.activity, row.location, row.clients])).toEqual([
      ['Snowmobile Exploration Day', 'Kamas Ranger District', 1],
      ['Ski & Splitboard Touring Day', 'Heber-Kamas Ranger District', 1],
    ]);
    expect(report.totals).toMatchObject({ clients: 1, serviceDays: 2, revenue: 60_000 });
  });
});

describe('the permit fee', () => {
  it('is the rate of the revenue, to the nearest cent', () => {
    expect(permitFee(100_000, 300)).toBe(3_000);
    expect(permitFee(12_345, 300)).toBe(370);
    expect(permitFee(12_350, 300)).toBe(371);
    expect(permitFee(-5_000, 300)).toBe(-150);
  });
});

describe('a report against the copy filed', () => {
  const filed = {
    rows: [
      { activity: 'Avalanche Course', location: 'Kamas', clients: 10, serviceDays: 12, revenue: 400_000 },
      { activity: 'Day Tour', location: 'Soapstone', clients: 2, serviceDays: 2, revenue: 50_000 },
    ],
    totals: { clients: 12, serviceDays: 14, revenue: 450_000, fee: 13_500 },
  };

  it('has no differences when nothing changed', () => {
    expect(reportDifferences(filed, structuredClone(filed))).toEqual([]);
  });

  it('names each figure that changed, a row gone or new counting from nothing, then the totals', () => {
    const now = {
      rows: [
        { activity: 'Avalanche Course', location: 'Kamas', clients: 10, serviceDays: 13, revenue: 380_000 },
        { activity: 'Mentorship', location: 'Kamas', clients: 1, serviceDays: 1, revenue: 20_000 },
      ],
      totals: { clients: 11, serviceDays: 14, revenue: 400_000, fee: 12_000 },
    };
    expect(reportDifferences(filed, now)).toEqual([
      { row: 'Avalanche Course, Kamas', figure: 'serviceDays', filed: 12, now: 13 },
      { row: 'Avalanche Course, Kamas', figure: 'revenue', filed: 400_000, now: 380_000 },
      { row: 'Day Tour, Soapstone', figure: 'clients', filed: 2, now: 0 },
      { row: 'Day Tour, Soapstone', figure: 'serviceDays', filed: 2, now: 0 },
      { row: 'Day Tour, Soapstone', figure: 'revenue', filed: 50_000, now: 0 },
      { row: 'Mentorship, Kamas', figure: 'clients', filed: 0, now: 1 },
      { row: 'Mentorship, Kamas', figure: 'serviceDays', filed: 0, now: 1 },
      { row: 'Mentorship, Kamas', figure: 'revenue', filed: 0, now: 20_000 },
      { row: 'Total', figure: 'clients', filed: 12, now: 11 },
      { row: 'Total', figure: 'revenue', filed: 450_000, now: 400_000 },
      { row: 'Total', figure: 'fee', filed: 13_500, now: 12_000 },
    ]);
  });
});

describe("the reminders to file a season's report", () => {
  it("is due 30 days after the season's last day", () => {
    expect(reportDueOn('2027-03-31')).toBe('2027-04-30');
    expect(reportDueOn('2028-03-15')).toBe('2028-04-14');
  });

  it('go once the season has ended, and again from seven days before the report is due, through that day', () => {
    const on = (today: string) => reportReminder(today, '2027-03-31');
    expect(['2027-03-30', '2027-03-31'].map(on)).toEqual([null, null]);
    expect(['2027-04-01', '2027-04-15', '2027-04-22'].map(on)).toEqual(['season-ended', 'season-ended', 'season-ended']);
    expect(['2027-04-23', '2027-04-30'].map(on)).toEqual(['due-soon', 'due-soon']);
    expect(['2027-05-01', '2027-11-30'].map(on)).toEqual([null, null]);
  });
});
