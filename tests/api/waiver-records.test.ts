import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { waiverEdition } from '../../api/users/waiver-edition.ts';
import { WAIVER_DOCUMENT, WAIVER_SHA256, WAIVER_VERSION } from '../../shared/company/waiver-text.ts';
import type { DatabaseUser, WaiverStatus } from '../../shared/contract/answers.ts';
import { WAIVER_TEXT_CHANGED, WAIVER_TEXT_HEADER, waiverFingerprint, type PublishedWaiver } from '../../shared/rules/waiver-record.ts';
import { harness, newUser, SIGNATURE, SURVEY, type Harness, type TestUser } from './harness.ts';

const SECOND_SIGNATURE = `${SIGNATURE.slice(0, -4)}AAAA`;

/** The next issue of the waiver: one more sentence, a new version. */
const NEXT_EDITION = waiverEdition({
  ...WAIVER_DOCUMENT,
  version: '2027-02',
  intro: [...WAIVER_DOCUMENT.intro, 'This version adds a note on spring conditions.'],
});

let h: Harness;

async function customer(name: string): Promise<TestUser> {
  const user = await newUser();
  await h.json('POST', `/users/user/${user.uid}`, { token: user.token, body: { uid: user.uid, email: user.email, displayName: name } });
  return user;
}

const sign = (app: Harness, user: TestUser, body: unknown = { signature: SIGNATURE, agreed: true }, headers: Record<string, string> = {}) =>
  app.call('PUT', `/users/user/${user.uid}`, { token: user.token, body, headers });

const records = (uid: string) =>
  h.db.query<{ version: string; sha256: string; signer_name: string; ip_address: string; user_agent: string; signature: string }>(
    'select version, sha256, signer_name, ip_address, user_agent, signature from waiver_signatures where user_id = $1 order by signed_at',
    [uid],
  );

beforeAll(async () => {
  h = await harness({ clientIpHeader: 'x-nf-client-connection-ip' });
});

describe('a signed waiver is a record that holds up', () => {
  it('stores the version and fingerprint signed, the name from the profile, the time, the IP address and the user agent', async () => {
    const rider = await customer('Avery Lund');
    const before = Date.now();
    const response = await sign(h, rider, undefined, { 'x-nf-client-connection-ip': '203.0.113.7', 'user-agent': 'Trailhead/1.0' });
    expect(response.status).toBe(200);
    const user = (await response.json()) as DatabaseUser;
    expect(user).toMatchObject({
      signature: SIGNATURE,
      agreed: true,
      waiver: { version: WAIVER_VERSION, sha256: WAIVER_SHA256, current: true },
    });
    expect(Date.parse(user.waiver!.signedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(user.waiver!.coversUntil).toMatch(/-04-01T06:00:00\.000Z$/);
    expect(await records(rider.uid)).toEqual([
      {
        version: WAIVER_VERSION,
        sha256: WAIVER_SHA256,
        signer_name: 'Avery Lund',
        ip_address: '203.0.113.7',
        user_agent: 'Trailhead/1.0',
        signature: SIGNATURE,
      },
    ]);
  });

  it('lets the client choose none of it: a version, a time, a name or an IP address in the body is refused and nothing is stored', async () => {
    const rider = await customer('Sam Ortiz');
    for (const extra of [
      { version: '1999-01' },
      { signedAt: '2020-01-01T00:00:00Z' },
      { signerName: 'Someone Else' },
      { ipAddress: '10.0.0.1' },
      { sha256: 'ab'.repeat(32) },
    ]) {
      const response = await sign(h, rider, { signature: SIGNATURE, agreed: true, ...extra });
      expect(response.status).toBe(400);
    }
    expect(await records(rider.uid)).toEqual([]);
    const { body } = await h.json<DatabaseUser>('GET', `/users/user/${rider.uid}`, { token: rider.token });
    expect(body).toMatchObject({ signature: null, agreed: false, waiver: null });
  });

  it('keeps every earlier signature when the customer signs again', async () => {
    const rider = await customer('Jo Park');
    expect((await sign(h, rider)).status).toBe(200);
    expect((await sign(h, rider, { signature: SECOND_SIGNATURE, agreed: true })).status).toBe(200);
    expect((await records(rider.uid)).map((row) => row.signature)).toEqual([SIGNATURE, SECOND_SIGNATURE]);
    const list = await h.json<WaiverStatus[]>('GET', `/users/user/${rider.uid}/waivers`, { token: rider.token });
    expect(list.body).toHaveLength(2);
    expect(list.body.every((record) => record.current)).toBe(true);
  });

  it('stores the text of each version once, with the SHA-256 of its exact words', async () => {
    const [text] = await h.db.query<{ text: string; sha256: string }>('select text, sha256 from waiver_texts where version = $1', [
      WAIVER_VERSION,
    ]);
    expect(createHash('sha256').update(text!.text).digest('hex')).toBe(WAIVER_SHA256);
  });
});

describe('a new version of the text', () => {
  it('makes earlier signatures outdated, asks for a new one, and keeps the old records', async () => {
    const rider = await customer('Lee Chan');
    expect((await sign(h, rider)).status).toBe(200);
    // The next release of the API, on the same data, publishes a new text.
    const next = await harness({ waiver: NEXT_EDITION, db: h.db });
    const outdated = await next.json<DatabaseUser>('GET', `/users/user/${rider.uid}`, { token: rider.token });
    expect(outdated.body.waiver).toMatchObject({ version: WAIVER_VERSION, current: false });

    expect((await sign(next, rider, { signature: SECOND_SIGNATURE, agreed: true })).status).toBe(200);
    const renewed = await next.json<DatabaseUser>('GET', `/users/user/${rider.uid}`, { token: rider.token });
    expect(renewed.body.waiver).toMatchObject({ version: '2027-02', sha256: NEXT_EDITION.sha256, current: true });
    const list = await next.json<WaiverStatus[]>('GET', `/users/user/${rider.uid}/waivers`, { token: rider.token });
    expect(list.body.map((record) => [record.version, record.current])).toEqual([
      ['2027-02', true],
      [WAIVER_VERSION, false],
    ]);
  });

  it('publishes the text in force, so a page built with an older text shows the new words', async () => {
    const today = await h.call('GET', '/waiver/current');
    expect(today.status).toBe(200);
    expect(today.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await today.json()).toEqual({ version: WAIVER_VERSION, sha256: WAIVER_SHA256, document: WAIVER_DOCUMENT });

    const next = await harness({ waiver: NEXT_EDITION, db: h.db });
    const published = (await (await next.call('GET', '/waiver/current')).json()) as PublishedWaiver;
    expect(published).toMatchObject({ version: '2027-02', sha256: NEXT_EDITION.sha256 });
    // The fingerprint is of the words published: the site checks it before it shows them.
    expect(await waiverFingerprint(published.document)).toBe(published.sha256);
  });

  it('refuses a signature for the text a page showed when that is no longer the text in force, and stores nothing', async () => {
    const rider = await customer('Kit Moreno');
    const next = await harness({ waiver: NEXT_EDITION, db: h.db });
    for (const shown of [WAIVER_SHA256, 'not-a-fingerprint', '']) {
      const refused = await sign(next, rider, undefined, { [WAIVER_TEXT_HEADER]: shown });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ error: WAIVER_TEXT_CHANGED });
    }
    expect(await records(rider.uid)).toEqual([]);
    // The site, on its own origin, may send the header.
    const preflight = await next.call('OPTIONS', `/users/user/${rider.uid}`, {
      headers: {
        Origin: 'http://127.0.0.1:4322',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'authorization,content-type,waiver-sha256',
      },
    });
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase().split(',')).toContain('waiver-sha256');

    // The text in force, however its hex is written, is recorded; so is a signature from a page that names none.
    expect((await sign(next, rider, undefined, { [WAIVER_TEXT_HEADER]: NEXT_EDITION.sha256.toUpperCase() })).status).toBe(200);
    expect((await sign(h, rider, undefined, {})).status).toBe(200);
    expect((await records(rider.uid)).map((record) => record.version)).toEqual(['2027-02', WAIVER_VERSION]);
    // A survey is not a signature: the header does not stand in its way.
    const survey = await next.call('PUT', `/users/user/${rider.uid}`, {
      token: rider.token,
      body: { survey: SURVEY },
      headers: { [WAIVER_TEXT_HEADER]: WAIVER_SHA256 },
    });
    expect(survey.status).toBe(200);
  });

  it('refuses to record against a version stored with other words', async () => {
    const reworded = waiverEdition({ ...WAIVER_DOCUMENT, intro: ['Different words under the same version.'] });
    const other = await harness({ waiver: reworded });
    const rider = await newUser();
    await other.json('POST', `/users/user/${rider.uid}`, { token: rider.token, body: { uid: rider.uid, email: rider.email } });
    await other.db.query('insert into waiver_texts (version, sha256, text, document) values ($1, $2, $3, $4)', [
      WAIVER_VERSION,
      WAIVER_SHA256,
      'the published text',
      '{}',
    ]);
    expect((await sign(other, rider)).status).toBe(500);
    expect(await other.db.query('select 1 from waiver_signatures where user_id = $1', [rider.uid])).toEqual([]);
  });

  it('refuses to start from a text whose declared fingerprint does not match its words', () => {
    expect(() => waiverEdition({ ...WAIVER_DOCUMENT, intro: ['Changed.'] }, WAIVER_SHA256)).toThrow(/needs a new WAIVER_VERSION/);
  });
});

describe('the signed copy', () => {
  it('gives the signer the exact text of the version signed, the signature, the name, the time and the fingerprint', async () => {
    const rider = await customer('Avery Stone');
    const { body: user } = await h.json<DatabaseUser>('PUT', `/users/user/${rider.uid}`, {
      token: rider.token,
      body: { signature: SIGNATURE, agreed: true },
    });
    const copy = await h.json<Record<string, unknown>>('GET', `/users/user/${rider.uid}/waivers/${user.waiver!.id}`, {
      token: rider.token,
    });
    expect(copy.status).toBe(200);
    expect(copy.body).toMatchObject({
      id: user.waiver!.id,
      version: WAIVER_VERSION,
      sha256: WAIVER_SHA256,
      signerName: 'Avery Stone',
      signature: SIGNATURE,
      signedAt: user.waiver!.signedAt,
      document: { title: WAIVER_DOCUMENT.title },
    });
    expect(
      createHash('sha256')
        .update(copy.body['text'] as string)
        .digest('hex'),
    ).toBe(WAIVER_SHA256);
  });

  it("is the signer's alone: another customer gets 403 on the signer's path and 404 for the id on their own", async () => {
    const rider = await customer('Kit Moss');
    const other = await customer('Ash Gray');
    const { body: user } = await h.json<DatabaseUser>('PUT', `/users/user/${rider.uid}`, {
      token: rider.token,
      body: { signature: SIGNATURE, agreed: true },
    });
    const id = user.waiver!.id;
    expect((await h.call('GET', `/users/user/${rider.uid}/waivers/${id}`, { token: other.token })).status).toBe(403);
    expect((await h.call('GET', `/users/user/${other.uid}/waivers/${id}`, { token: other.token })).status).toBe(404);
    expect((await h.call('GET', `/users/user/${rider.uid}/waivers/${id}`)).status).toBe(401);
    expect((await h.call('GET', `/users/user/${rider.uid}/waivers`, { token: other.token })).status).toBe(403);
  });
});

describe('the address of a signed copy', () => {
  it('answers 400 to an id holding a control character, like every other path parameter', async () => {
    const rider = await customer('Lou Banks');
    for (const id of ['%00abc', 'wvr_%1B', '%7F']) {
      const answer = await h.json('GET', `/users/user/${rider.uid}/waivers/${id}`, { token: rider.token });
      expect(answer, id).toMatchObject({ status: 400, body: { error: 'The address contains a character that is not allowed.' } });
    }
  });
});

describe('signing again and again', () => {
  it('is limited per customer, answered 429 with Retry-After, and stores nothing more', async () => {
    const limited = await harness({ db: h.db, limits: { waiverSignings: { max: 3, windowSeconds: 3600 } } });
    const rider = await customer('Max Sign');
    for (let attempt = 1; attempt <= 3; attempt += 1) expect((await sign(limited, rider)).status).toBe(200);
    const refused = await sign(limited, rider);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^Too many waiver signatures\. Please try again in \d+ (minutes|seconds?)\.$/,
    );
    expect(await records(rider.uid)).toHaveLength(3);
    // Another customer signs as usual, and the survey is not counted.
    expect((await sign(limited, await customer('Other Signer'))).status).toBe(200);
    expect((await limited.call('PUT', `/users/user/${rider.uid}`, { token: rider.token, body: { survey: SURVEY } })).status).toBe(200);
  });
});
