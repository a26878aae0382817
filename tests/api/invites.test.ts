import { beforeAll, describe, expect, it } from 'vitest';
import { freeDate, harness, inviteCodeOf, newUser, payForDate, readyUser, type Harness, type TestUser } from './harness.ts';
import type { CalendarEntry, DatabaseUser } from '../../shared/contract/answers.ts';

let h: Harness;
let leader: TestUser;
let inviteCode: string;
let dateId: string;

beforeAll(async () => {
  h = await harness();
  leader = await readyUser(h);
  const date = await freeDate(h, 'winter-day-tours');
  dateId = date.id;
  await payForDate(h, leader, date, 'winter-day-tours', 'price_tour_ski', 2);
  inviteCode = (await inviteCodeOf(h, leader, 'winter-day-tours', dateId)) ?? '';
});

describe('GET /calendar/invite/{code}', () => {
  it('tells anyone with the link the trip, its start, the payer’s first name and the open spots, and nothing else', async () => {
    const named = await readyUser(h, 'Robin Alder');
    const date = await freeDate(h, 'winter-day-tours');
    await payForDate(h, named, date, 'winter-day-tours', 'price_tour_ski', 3);
    const code = (await inviteCodeOf(h, named, 'winter-day-tours', date.id)) ?? '';
    const [start] = await h.db.query<{ starts_at: Date | string }>('select starts_at from calendar_dates where id = $1', [date.id]);
    const read = await h.json<Record<string, unknown>>('GET', `/calendar/invite/${code}`);
    expect(read).toEqual({
      status: 200,
      body: {
        title: 'Ski & Splitboard Touring Day',
        startsAt: new Date(start!.starts_at).toISOString(),
        invitedBy: 'Robin',
        spotsLeft: 2,
      },
    });
    expect(JSON.stringify(read.body)).not.toContain(named.email);
    expect(JSON.stringify(read.body)).not.toContain('Alder');
  });

  it('names nobody when the payer’s profile has no name', async () => {
    const nameless = await readyUser(h);
    const date = await freeDate(h, 'winter-day-tours');
    await payForDate(h, nameless, date, 'winter-day-tours', 'price_tour_ski', 2);
    await h.db.query('update users set display_name = null where uid = $1', [nameless.uid]);
    const code = (await inviteCodeOf(h, nameless, 'winter-day-tours', date.id)) ?? '';
    expect((await h.json<{ invitedBy: string | null }>('GET', `/calendar/invite/${code}`)).body.invitedBy).toBeNull();
  });

  it('answers 404 for an unknown code and for one that is no code at all', async () => {
    for (const code of ['inv_not-a-real-code', '%20']) {
      expect(await h.json('GET', `/calendar/invite/${code}`)).toMatchObject({
        status: 404,
        body: { error: 'Failed to validate invite: invite code not found' },
      });
    }
  });
});

describe('POST /calendar/invite', () => {
  it('adds a friend to the party while paid seats remain, and a repeat is a no-op', async () => {
    const friend = await newUser();
    const joined = await h.json<{ success: boolean; joined: boolean }>('POST', '/calendar/invite', {
      token: friend.token,
      body: { inviteCode },
    });
    expect(joined).toMatchObject({ status: 200, body: { success: true, joined: true } });
    const again = await h.json<{ success: boolean; joined: boolean }>('POST', '/calendar/invite', {
      token: friend.token,
      body: { inviteCode },
    });
    expect(again).toMatchObject({ status: 200, body: { success: true, joined: false } });
    const user = await h.json<DatabaseUser>('GET', `/users/user/${friend.uid}`, { token: friend.token });
    expect(user.body.bookings).toEqual([dateId]);
    const members = await h.db.query(
      'select m.user_id from booking_members m join bookings b on b.id = m.booking_id where b.invite_code = $1',
      [inviteCode],
    );
    expect(members).toHaveLength(2);
  });

  it("shows every member the party's unclaimed seats, and nobody else", async () => {
    const party = async (token: string) =>
      (await h.json<CalendarEntry[]>('GET', '/calendar/winter-day-tours', { token })).body.find((entry) => entry.id === dateId);
    // The party of two is full: the leader and the friend who joined above.
    expect(await party(leader.token)).toMatchObject({ inviteCode, partySeats: 2, partySpotsLeft: 0 });
    const outsider = await newUser();
    const seen = await party(outsider.token);
    expect(seen).not.toHaveProperty('inviteCode');
    expect(seen).not.toHaveProperty('partySeats');
    expect(seen).not.toHaveProperty('partySpotsLeft');
  });

  it('is a no-op for the leader', async () => {
    const again = await h.json<{ joined: boolean }>('POST', '/calendar/invite', { token: leader.token, body: { inviteCode } });
    expect(again).toMatchObject({ status: 200, body: { joined: false } });
  });

  it('answers 409 once the party is full', async () => {
    const third = await newUser();
    const full = await h.json<{ error: string }>('POST', '/calendar/invite', { token: third.token, body: { inviteCode } });
    expect(full.status).toBe(409);
    expect(full.body.error).toMatch(/^Failed to validate invite: /);
  });

  it('answers 404 for an unknown code', async () => {
    const someone = await newUser();
    const unknown = await h.json('POST', '/calendar/invite', { token: someone.token, body: { inviteCode: 'inv_not-a-real-code' } });
    expect(unknown.status).toBe(404);
  });
});
