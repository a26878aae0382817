/** The messages of a gift card as written: whole documents, the card's words, its bonus named, and what is attached. */
import { describe, expect, it } from 'vitest';
import type { GiftCard, RenderedMail, SiteLinks } from '../../api/mail/message-types.ts';
import { renderGiftCardDelivery, renderGiftCardReceipt } from '../../api/mail/templates/gift-card.ts';
import { site } from '../../shared/company/site.ts';

const links: SiteLinks = {
  home: 'http://127.0.0.1:4322/',
  myBookings: 'http://127.0.0.1:4322/profile',
  survey: 'http://127.0.0.1:4322/profile#survey',
  waiver: 'http://127.0.0.1:4322/waiver',
  cancellationPolicy: 'http://127.0.0.1:4322/cancellation-policy',
};

const card: GiftCard = {
  recipientName: 'Sam Ridge',
  from: 'Robin Giver',
  message: 'Happy birthday!',
  value: { kind: 'amount', amount: 15_000, currency: 'usd' },
  bonus: 0,
  bonusEndsOn: null,
  bonusEnded: false,
  code: 'KAMAS-7QX4-M2PD-9HTR-KW3E',
  balanceLink: 'http://127.0.0.1:4322/gift-cards/balance#code=KAMAS-7QX4-M2PD-9HTR-KW3E',
  bookLink: 'http://127.0.0.1:4322/services',
};

const receipt = (delivery: Parameters<typeof renderGiftCardReceipt>[0]['delivery']) =>
  renderGiftCardReceipt({ buyerName: 'Robin Giver', card, paid: 15_000, currency: 'usd', delivery, links });

function expectWhole(mail: RenderedMail) {
  expect(mail.subject).not.toMatch(/undefined|null|NaN/);
  expect(mail.html).toMatch(/^<!DOCTYPE html/);
  expect(mail.html).toContain(`href="${links.home}"`);
  expect(mail.html).not.toMatch(/\bundefined\b|\bnull\b|\bNaN\b|\[object Object\]/);
  expect(mail.text).not.toMatch(/\bundefined\b|\bnull\b|\bNaN\b|\[object Object\]/);
  expect(mail.text).toContain(site.email);
}

describe('a gift card’s messages', () => {
  it('the gift: who it is from, the message, the value, the code, how to use it; its QR code shown and its card attached', async () => {
    const mail = await renderGiftCardDelivery({ card, copy: null, links });
    expectWhole(mail);
    expect(mail.subject).toBe('Robin Giver sent you a gift card');
    for (const words of [
      'Hi Sam Ridge, Robin Giver sent you a gift card',
      'Happy birthday!',
      '$150 to spend on any of our trips',
      card.code,
    ]) {
      expect(mail.text).toContain(words);
    }
    expect(mail.html).toContain('src="cid:gift-card-qr"');
    expect(mail.attachments?.map((file) => [file.filename, file.contentType, file.cid ?? null])).toEqual([
      ['gift-card.pdf', 'application/pdf', null],
      ['gift-card-qr.png', 'image/png', 'gift-card-qr'],
    ]);
  });

  it('a voucher names its trip, and a credit’s bonus is named as a promotional amount with its end', async () => {
    const voucher = await renderGiftCardDelivery({
      card: { ...card, value: { kind: 'voucher', activity: 'Avalanche Level 1' } },
      copy: null,
      links,
    });
    expect(voucher.text).toContain('One seat on Avalanche Level 1');
    expect(voucher.text).toContain('The voucher pays one seat whatever the price is on the day you book.');
    const credit = await renderGiftCardDelivery({
      card: { ...card, from: null, value: { kind: 'amount', amount: 38_500, currency: 'usd' }, bonus: 3_500, bonusEndsOn: '2027-04-30' },
      copy: null,
      links,
    });
    expect(credit.subject).toBe(`${site.name} sent you a gift card`);
    expect(credit.text).toContain('$35 of it is a promotional bonus, to use by Fri, Apr 30, 2027.');
  });

  it('the receipt of a gift e-mailed later keeps its code back; one to print carries the card', async () => {
    const later = await receipt({ when: 'on', at: new Date('2026-12-25T15:00:00Z'), to: 'sam@example.com' });
    expectWhole(later);
    expect(later.text).toContain('We will e-mail it to Sam Ridge at sam@example.com on Fri, Dec 25, 8:00 AM (Kamas time)');
    expect(later.text).not.toContain(card.code);
    expect(later.attachments).toBeUndefined();
    const printed = await receipt({ when: 'print' });
    expect(printed.text).toContain('It is attached, ready to print and give');
    expect(printed.text).toContain(card.code);
    expect(printed.attachments?.map((file) => file.filename)).toEqual(['gift-card.pdf', 'gift-card-qr.png']);
  });
});
