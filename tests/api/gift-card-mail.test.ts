/**
 * A gift card by e-mail, through the mail outbox: the buyer's receipt when it is paid; the gift to
 * its recipient, who has no account, at the time the buyer chose, with its code, its QR code and a
 * one-page printable card attached; the buyer's copy once it went; each once, however often the
 * worker runs. A gift to print comes to the buyer with the card attached and goes to nobody else.
 */
import { inflateSync } from 'node:zlib';
import type { ParsedMail } from 'mailparser';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueMail, type MailWorkerDeps } from '../../api/mail/worker.ts';
import { denverDay, denverDayPlus, denverInstant, formatDenverDateTime, formatDenverDay } from '../../shared/rules/dates.ts';
import { seasonFor } from '../../shared/rules/season.ts';
import { remindGiftCards } from '../../api/gift-cards/reminders.ts';
import { smtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { threadMailer } from './thread-mailer.ts';
import { GIFT_ALREADY_SENT, GIFT_BEING_SENT, GIFT_NOT_FOUND, GIFT_TO_PRINT } from '../../api/gift-cards/given.ts';
import { DELIVERY_PAST_MESSAGE } from '../../api/gift-cards/purchase.ts';
import { NO_ADDRESS_TO_SEND, NOT_SENT_YET } from '../../api/gift-cards/office.ts';
import { harness, PAYING_CARD, readyUser, type Harness, type TestUser } from './harness.ts';
import { staffMember } from './staff.ts';

let h: Harness;
let smtp: SmtpCatcher;
let worker: MailWorkerDeps;
let buyer: TestUser;

beforeAll(async () => {
  [h, smtp] = await Promise.all([harness(), smtpCatcher()]);
  worker = threadMailer(h, smtp.url);
  buyer = await readyUser(h, 'Robin Giver');
});
afterAll(async () => {
  worker.transport.close();
  await smtp.close();
});

let recipients = 0;
const recipientAddress = () => `gift-${process.pid}-${(recipients += 1)}@example.com`;

/** Buys a $150 card for Sam Ridge, delivered as `delivery` says, and pays for it; answers the card's id and code. */
async function boughtCard(delivery: Record<string, unknown>): Promise<{ id: string; code: string }> {
  const bought = await h.json<{ giftCardId: string; clientSecret: string }>('POST', '/gift-cards', {
    token: buyer.token,
    body: {
      gift: { kind: 'amount', dollars: 150 },
      recipientName: 'Sam Ridge',
      message: 'Happy birthday! See you on the skin track.',
      delivery,
    },
  });
  expect(bought.status).toBe(200);
  const paid = await h.json('POST', '/payments/local/confirm', {
    token: buyer.token,
    body: { clientSecret: bought.body.clientSecret, ...PAYING_CARD },
  });
  expect(paid.status).toBe(200);
  const [card] = await h.db.query<{ code: string }>('select code from gift_cards where id = $1', [bought.body.giftCardId]);
  return { id: bought.body.giftCardId, code: card?.code ?? '' };
}

/** The text drawn on a PDF's pages: its content streams inflated, each string written as hex by pdf-lib read back. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  // Each stream is exactly as long as its dictionary says: its compressed bytes may end in anything.
  const streams = [...raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)].map((match) => {
    const start = (match.index ?? 0) + match[0].length;
    const bytes = Buffer.from(raw.slice(start, start + Number(match[1])), 'latin1');
    try {
      return inflateSync(bytes).toString('latin1');
    } catch {
      return '';
    }
  });
  return streams.join('\n').replace(/<([0-9A-Fa-f]+)>\s*Tj/g, (_all, hex: string) => `${Buffer.from(hex, 'hex').toString('latin1')}\n`);
}

const attachment = (mail: ParsedMail | undefined, type: string) => mail?.attachments.find((each) => each.contentType === type);

describe('a gift card by e-mail', () => {
  it('goes to its recipient at once with the code, its QR code and the printable card; the buyer gets a receipt, then a copy', async () => {
    const to = recipientAddress();
    const card = await boughtCard({ when: 'now', recipientEmail: to.toUpperCase() });
    await sendDueMail(worker);

    const [receipt] = smtp.to(buyer.email);
    expect(receipt?.subject).toBe('Your gift for Sam Ridge: receipt');
    expect(receipt?.text).toContain(`We are e-mailing it to Sam Ridge at ${to} now`);
    expect(receipt?.text).toContain('Paid: $150 by card');
    // The receipt of a gift sent by e-mail does not give away its code.
    expect(receipt?.text).not.toContain(card.code);

    const gifts = smtp.to(to);
    expect(gifts).toHaveLength(1);
    const gift = gifts[0];
    expect(gift?.subject).toBe('Robin Giver sent you a gift card');
    expect(gift?.text).toContain('Hi Sam Ridge, Robin Giver sent you a gift card');
    expect(gift?.text).toContain('Happy birthday! See you on the skin track.');
    expect(gift?.text).toContain('$150 to spend on any of our trips');
    expect(gift?.text).toContain(card.code);
    expect(gift?.text).toContain('It never expires.');

    const qr = attachment(gift, 'image/png');
    expect(qr?.cid).toBe('gift-card-qr');
    expect(qr?.related).toBe(true);
    expect(gift?.html).toContain('alt="QR code of the gift card: it opens its balance"');
    const pdf = attachment(gift, 'application/pdf');
    expect(pdf?.filename).toBe('gift-card.pdf');
    const document = await PDFDocument.load(pdf?.content ?? Buffer.alloc(0));
    expect(document.getPageCount()).toBe(1);
    const { width, height } = document.getPage(0).getSize();
    expect({ width, height }).toEqual({ width: 612, height: 792 });
    const drawn = pdfText(pdf?.content ?? Buffer.alloc(0));
    expect(drawn).toContain('A gift for Sam Ridge');
    expect(drawn).toContain(card.code);
    expect(drawn).toContain('$150 to spend on any of our trips');

    const [delivered] = await h.db.query<{ delivered_at: Date | null }>('select delivered_at from gift_cards where id = $1', [card.id]);
    expect(delivered?.delivered_at).toBeInstanceOf(Date);

    // The buyer's copy is written as the gift goes, and sent in the same run; nothing goes twice.
    await sendDueMail(worker);
    await sendDueMail(worker);
    const copies = smtp.to(buyer.email).filter((mail) => mail.subject === 'Your gift reached Sam Ridge');
    expect(copies).toHaveLength(1);
    expect(copies[0]?.text).toContain(`Hi Robin Giver, your gift went to ${to}.`);
    expect(copies[0]?.text).toContain(card.code);
    expect(smtp.to(to)).toHaveLength(1);
  });

  it('waits for the day and hour the buyer chose, in Kamas time', async () => {
    const to = recipientAddress();
    const tomorrow = denverDay(new Date(Date.now() + 86_400_000));
    const card = await boughtCard({ when: 'on', recipientEmail: to, day: tomorrow, hour: 8 });
    await sendDueMail(worker);
    const at = denverInstant(tomorrow, 8);
    const receipt = smtp.to(buyer.email).find((mail) => mail.text?.includes(to));
    expect(receipt?.text).toContain(`We will e-mail it to Sam Ridge at ${to} on ${formatDenverDateTime(at)} (Kamas time)`);
    expect(smtp.to(to)).toHaveLength(0);

    const [row] = await h.db.query<{ due_at: Date; recipient_uid: string | null }>(
      `select due_at, recipient_uid from mail_outbox where gift_card_id = $1 and kind = 'gift-card-delivery'`,
      [card.id],
    );
    expect(row).toEqual({ due_at: at, recipient_uid: null });

    // The morning comes.
    await h.db.query(`update mail_outbox set next_attempt_at = now() where gift_card_id = $1 and kind = 'gift-card-delivery'`, [card.id]);
    await sendDueMail(worker);
    expect(smtp.to(to).map((mail) => mail.subject)).toEqual(['Robin Giver sent you a gift card']);
    await sendDueMail(worker);
    const copy = smtp.to(buyer.email).find((mail) => mail.subject === 'Your gift reached Sam Ridge' && mail.text?.includes(to));
    expect(copy?.text).toContain(card.code);
  });

  it('to print: the buyer gets the card with the receipt, and nobody else is written to', async () => {
    const card = await boughtCard({ when: 'print' });
    const before = smtp.messages.length;
    await sendDueMail(worker);
    const sent = smtp.messages.slice(before);
    expect(sent.map((mail) => mail.subject)).toEqual(['Your gift for Sam Ridge: receipt']);
    expect(sent[0]?.text).toContain('It is attached, ready to print and give');
    expect(sent[0]?.text).toContain(card.code);
    const pdf = attachment(sent[0], 'application/pdf');
    expect(pdfText(pdf?.content ?? Buffer.alloc(0))).toContain(card.code);
    const rows = await h.db.query(`select kind from mail_outbox where gift_card_id = $1`, [card.id]);
    expect(rows).toEqual([{ kind: 'gift-card-receipt' }]);
  });
});

describe('a gift not sent yet', () => {
  const given = (token = buyer.token) => h.json<Record<string, unknown>[]>('GET', '/gift-cards/given', { token });
  const change = (id: string, body: unknown, token = buyer.token) =>
    h.json<Record<string, unknown>>('PUT', `/gift-cards/given/${id}/delivery`, { token, body });

  it('goes to the address and at the time the buyer last chose, once; then it can no longer change', async () => {
    const first = recipientAddress();
    const second = recipientAddress();
    const tomorrow = denverDay(new Date(Date.now() + 86_400_000));
    const card = await boughtCard({ when: 'on', recipientEmail: first, day: tomorrow, hour: 8 });
    await sendDueMail(worker);

    // Listed without its code while it waits, so the surprise is not in the buyer's account.
    const listed = (await given()).body.find((gift) => gift['id'] === card.id);
    expect(listed).toMatchObject({ recipientName: 'Sam Ridge', recipientEmail: first, value: 15_000, delivery: 'email', code: null });
    expect(listed?.['deliverAt']).toBe(denverInstant(tomorrow, 8).toISOString());

    const changed = await change(card.id, { when: 'now', recipientEmail: second.toUpperCase() });
    expect(changed).toMatchObject({ status: 200, body: { id: card.id, recipientEmail: second, deliveredAt: null, code: null } });
    await sendDueMail(worker);
    expect(smtp.to(first)).toHaveLength(0);
    expect(smtp.to(second).map((mail) => mail.subject)).toEqual(['Robin Giver sent you a gift card']);

    const after = (await given()).body.find((gift) => gift['id'] === card.id);
    expect(after).toMatchObject({ code: card.code, deliveredAt: expect.any(String) });
    expect(await change(card.id, { when: 'now', recipientEmail: first })).toMatchObject({
      status: 409,
      body: { error: GIFT_ALREADY_SENT },
    });
    await sendDueMail(worker);
    expect(smtp.to(first)).toHaveLength(0);
  });

  it('cannot change while its message is on its way to the old address, and may after a try that failed', async () => {
    const first = recipientAddress();
    const second = recipientAddress();
    const card = await boughtCard({ when: 'now', recipientEmail: first });
    // The mail server takes its time with the gift: the worker is handing it over when the buyer changes the address.
    let handedOver!: () => void;
    const atServer = new Promise<void>((resolve) => (handedOver = resolve));
    let letGo!: () => void;
    const slowServer = new Promise<void>((resolve) => (letGo = resolve));
    const slow: MailWorkerDeps = {
      ...worker,
      transport: {
        ...worker.transport,
        send: async (mail) => {
          if (mail.to === first) {
            handedOver();
            await slowServer;
          }
          return worker.transport.send(mail);
        },
      },
    };
    const sending = sendDueMail(slow);
    await atServer;
    expect(await change(card.id, { when: 'now', recipientEmail: second })).toMatchObject({ status: 409, body: { error: GIFT_BEING_SENT } });
    letGo();
    await sending;
    await sendDueMail(worker);
    expect(smtp.to(first).map((mail) => mail.subject)).toEqual(['Robin Giver sent you a gift card']);
    expect(smtp.to(second)).toHaveLength(0);

    // A server that refuses the address: the message waits for another try, and the buyer may correct it meanwhile.
    const mistyped = recipientAddress();
    const corrected = recipientAddress();
    const another = await boughtCard({ when: 'now', recipientEmail: mistyped });
    const refusing: MailWorkerDeps = {
      ...worker,
      transport: {
        ...worker.transport,
        send: (mail) => (mail.to === mistyped ? Promise.reject(new Error('550 mailbox unavailable')) : worker.transport.send(mail)),
      },
    };
    await sendDueMail(refusing);
    expect(await change(another.id, { when: 'now', recipientEmail: corrected })).toMatchObject({ status: 200 });
    await sendDueMail(worker);
    expect(smtp.to(corrected).map((mail) => mail.subject)).toEqual(['Robin Giver sent you a gift card']);
    expect(smtp.to(mistyped)).toHaveLength(0);
  });

  it('is changed by its buyer alone, to a time still to come, and never for a gift to print', async () => {
    const tomorrow = denverDay(new Date(Date.now() + 86_400_000));
    const card = await boughtCard({ when: 'on', recipientEmail: recipientAddress(), day: tomorrow, hour: 9 });
    const stranger = await readyUser(h, 'Someone Else');
    expect(await change(card.id, { when: 'now', recipientEmail: 'thief@example.com' }, stranger.token)).toMatchObject({
      status: 404,
      body: { error: GIFT_NOT_FOUND },
    });
    expect((await given(stranger.token)).body).toEqual([]);
    expect(await change(card.id, { when: 'on', recipientEmail: 'late@example.com', day: '2020-01-01', hour: 8 })).toMatchObject({
      status: 400,
      body: { error: DELIVERY_PAST_MESSAGE },
    });
    expect((await change(card.id, { when: 'print' })).status).toBe(400);
    const [row] = await h.db.query('select recipient_email from gift_cards where id = $1', [card.id]);
    expect(row).toEqual({ recipient_email: expect.stringMatching(/^gift-/) });

    const printed = await boughtCard({ when: 'print' });
    expect(await change(printed.id, { when: 'now', recipientEmail: 'sam@example.com' })).toMatchObject({
      status: 409,
      body: { error: GIFT_TO_PRINT },
    });
    expect((await given()).body.find((gift) => gift['id'] === printed.id)).toMatchObject({ delivery: 'print', code: printed.code });
  });
});

describe('a card the office issues', () => {
  it('goes at once to the address it was issued to, from the company; sent again on request, once per request', async () => {
    const operator = await staffMember('operator');
    const asOperator = <T>(path: string, body: unknown) => h.json<T>('POST', path, { token: operator.token, body });
    const to = recipientAddress();
    const issued = await asOperator<{ giftCardId: string; code: string }>('/ops/gift-cards', {
      dollars: 75,
      recipientName: 'Pat Winner',
      recipientEmail: to,
      reason: 'Ski club raffle',
    });
    expect(issued.status).toBe(200);
    await sendDueMail(worker);
    const [gift] = smtp.to(to);
    expect(gift?.subject).toBe('Kamas Backcountry Guides sent you a gift card');
    expect(gift?.text).toContain('$75 to spend on any of our trips');
    expect(gift?.text).toContain(issued.body.code);

    const again = { reason: 'The e-mail went to spam', requestId: 'resend-gift-0001' };
    expect(await asOperator(`/ops/gift-cards/${issued.body.giftCardId}/resend`, again)).toEqual({ status: 200, body: { sent: true } });
    expect(await asOperator(`/ops/gift-cards/${issued.body.giftCardId}/resend`, again)).toEqual({ status: 200, body: { sent: false } });
    await sendDueMail(worker);
    expect(smtp.to(to)).toHaveLength(2);
    const [latest] = (await h.json<{ action: string; change: string }[]>('GET', '/ops/activity', { token: operator.token })).body;
    expect(latest).toMatchObject({ action: 'resend gift card', change: `Sent again to ${to}` });

    // A gift still waiting for its morning is not sent early.
    const tomorrow = denverDay(new Date(Date.now() + 86_400_000));
    const waiting = await boughtCard({ when: 'on', recipientEmail: recipientAddress(), day: tomorrow, hour: 8 });
    expect(await asOperator(`/ops/gift-cards/${waiting.id}/resend`, { ...again, requestId: 'resend-gift-0003' })).toMatchObject({
      status: 409,
      body: { error: NOT_SENT_YET },
    });

    const printed = await asOperator<{ giftCardId: string }>('/ops/gift-cards', {
      dollars: 20,
      recipientName: 'Raffle',
      reason: 'Raffle prize',
    });
    expect(
      await asOperator(`/ops/gift-cards/${printed.body.giftCardId}/resend`, { ...again, requestId: 'resend-gift-0002' }),
    ).toMatchObject({
      status: 409,
      body: { error: NO_ADDRESS_TO_SEND },
    });
  });
});

describe('the reminder before a season', () => {
  const REMINDER = 'Your gift card has $150 left to spend on any of our trips';

  it('goes once a season to each card’s holder, or where the gift went; never to a card whose reminders were stopped, no one holds, or still waits to go', async () => {
    const emailedTo = recipientAddress();
    const emailed = await boughtCard({ when: 'now', recipientEmail: emailedTo });
    const kept = await boughtCard({ when: 'print' });
    const keeper = await readyUser(h, 'Kai Keeper');
    expect((await h.json('POST', '/gift-cards/mine', { token: keeper.token, body: { code: kept.code } })).status).toBe(200);
    await boughtCard({ when: 'print' });
    // A gift still waiting for its day: its recipient is not told of it before it comes.
    const waitingTo = recipientAddress();
    await boughtCard({ when: 'on', recipientEmail: waitingTo, day: denverDay(new Date(Date.now() + 300 * 86_400_000)), hour: 8 });
    const stoppedTo = recipientAddress();
    const stopped = await boughtCard({ when: 'now', recipientEmail: stoppedTo });
    // Stopped by the code, typed any way; again changes nothing; a code that is no card is not found.
    const stop = (code: string) => h.json('POST', '/gift-cards/reminders/stop', { body: { code } });
    expect(await stop(stopped.code.toLowerCase().replaceAll('-', ' '))).toEqual({ status: 200, body: { stopped: true } });
    expect(await stop(stopped.code)).toEqual({ status: 200, body: { stopped: true } });
    expect((await stop('KAMAS-2222-2222-2222-2222')).status).toBe(404);
    await sendDueMail(worker);

    // A season whose two weeks before it begin after these cards were bought.
    const season = seasonFor(new Date(Date.now() + 400 * 86_400_000));
    const at = (daysBefore: number) => denverInstant(denverDayPlus(season.start, -daysBefore), 9);
    expect(await remindGiftCards(h.db, at(15))).toBe(0);
    expect(await remindGiftCards(h.db, at(0))).toBe(0);
    expect(await remindGiftCards(h.db, at(7))).toBeGreaterThanOrEqual(2);
    expect(await remindGiftCards(h.db, at(3))).toBe(0);
    await sendDueMail(worker);

    const [toRecipient] = smtp.to(emailedTo).filter((mail) => mail.subject === REMINDER);
    expect(toRecipient?.text).toContain(`the season starts on ${formatDenverDay(season.start)}`);
    expect(toRecipient?.text).toContain(emailed.code);
    expect(toRecipient?.text).toContain(`/gift-cards/reminders#code=${emailed.code}`);
    const toKeeper = smtp.to(keeper.email).filter((mail) => mail.subject === REMINDER);
    expect(toKeeper).toHaveLength(1);
    // The account that keeps the card is greeted by its own name, not the name the gift was for.
    expect(toKeeper[0]?.text).toContain('Hi Kai Keeper, the season starts on');
    expect(smtp.to(stoppedTo).filter((mail) => mail.subject === REMINDER)).toEqual([]);
    expect(smtp.to(waitingTo)).toEqual([]);
    expect(smtp.to(buyer.email).filter((mail) => mail.subject === REMINDER)).toEqual([]);
  });
});
