/**
 * The messages of a gift card: the buyer's receipt when it is paid; the gift itself to its recipient
 * (the message, the value, the code with its QR code, how to use it, and the printable page
 * attached); the same gift to the buyer once it went; and a reminder before a season of what is left.
 */
import { Img, Section, Text } from '@react-email/components';
import { createElement as h } from 'react';
import QRCode from 'qrcode';
import { site } from '../../../shared/company/site.ts';
import { formatDenverDateTime, formatDenverDay } from '../../../shared/rules/dates.ts';
import { formatMoney } from '../../../shared/rules/pricing.ts';
import type {
  GiftCard,
  GiftCardDeliveryFacts,
  GiftCardReceiptFacts,
  GiftCardReminderFacts,
  MailAttachment,
  RenderedMail,
} from '../message-types.ts';
import { giftCardPdf } from './gift-card-pdf.ts';
import { giftHowToUse, giftValueWords } from './gift-card-words.ts';
import { Layout, palette, styles } from './layout.ts';
import { bulletList, buttonLink, paragraph, renderMail, subheading, textLink } from './parts.ts';

const QR_ID = 'gift-card-qr';

/** The printable page, attached. */
async function pdfAttachment(card: GiftCard): Promise<MailAttachment> {
  return { filename: 'gift-card.pdf', content: await giftCardPdf(card), contentType: 'application/pdf', encoding: 'base64' };
}

/** The QR code of the card's balance page, shown in the message. */
async function qrAttachment(card: GiftCard): Promise<MailAttachment> {
  const png = await QRCode.toBuffer(card.balanceLink, { type: 'png', margin: 2, width: 240, errorCorrectionLevel: 'M' });
  return { filename: 'gift-card-qr.png', content: png.toString('base64'), contentType: 'image/png', encoding: 'base64', cid: QR_ID };
}

/** The card: its value, the message, the code large with its QR code, and how to use it. */
function cardSection(card: GiftCard) {
  return h(
    Section,
    null,
    paragraph(h('strong', null, giftValueWords(card))),
    card.message
      ? h(
          Text,
          { style: { ...styles.text, fontStyle: 'italic', borderLeft: `4px solid ${palette.gold}`, paddingLeft: '12px' } },
          card.message,
        )
      : null,
    h(
      Section,
      { style: { border: `2px solid ${palette.gold}`, borderRadius: '8px', padding: '16px', margin: '0 0 16px', textAlign: 'center' } },
      h(Text, { style: styles.small }, 'Gift card code'),
      h(
        Text,
        {
          style: {
            ...styles.text,
            fontFamily: "'Courier New', Courier, monospace",
            fontSize: '22px',
            fontWeight: 700,
            letterSpacing: '1px',
          },
        },
        card.code,
      ),
      h(Img, {
        src: `cid:${QR_ID}`,
        width: 160,
        height: 160,
        alt: 'QR code of the gift card: it opens its balance',
        style: { margin: '0 auto' },
      }),
    ),
    subheading('How to use it'),
    bulletList(giftHowToUse(card)),
    buttonLink(card.bookLink, 'Choose a trip'),
    paragraph('The card is also attached, ready to print: ', textLink(card.balanceLink, 'see what is left on it'), '.'),
  );
}

function GiftCardReceipt(facts: GiftCardReceiptFacts) {
  const { card } = facts;
  const { delivery } = facts;
  const when =
    delivery.when === 'print'
      ? 'It is attached, ready to print and give: the code on it is what they use.'
      : delivery.when === 'now'
        ? `We are e-mailing it to ${card.recipientName} at ${delivery.to} now, and will send you a copy when it goes.`
        : `We will e-mail it to ${card.recipientName} at ${delivery.to} on ${formatDenverDateTime(delivery.at)} (Kamas time), and send you a copy when it goes. Until then you can change the address or the time in My Bookings.`;
  return h(
    Layout,
    { home: facts.links.home, preview: `Your gift for ${card.recipientName} is paid.`, heading: 'Thank you for your gift' },
    paragraph(`Hi ${facts.buyerName}, your gift for ${card.recipientName} is paid: ${giftValueWords(card)}.`),
    paragraph(when),
    paragraph(h('strong', null, 'Paid: '), `${formatMoney(facts.paid, facts.currency)} by card`),
    delivery.when === 'print' ? cardSection(card) : null,
    paragraph('See your gifts in ', textLink(facts.links.myBookings, 'My Bookings'), '.'),
  );
}

export async function renderGiftCardReceipt(facts: GiftCardReceiptFacts): Promise<RenderedMail> {
  const rendered = await renderMail(`Your gift for ${facts.card.recipientName}: receipt`, h(GiftCardReceipt, facts));
  return facts.delivery.when !== 'print'
    ? rendered
    : { ...rendered, attachments: [await pdfAttachment(facts.card), await qrAttachment(facts.card)] };
}

function GiftCardDelivery(facts: GiftCardDeliveryFacts) {
  const { card, copy } = facts;
  const from = card.from ? `${card.from} sent you` : `${site.name} sends you`;
  return h(
    Layout,
    { home: facts.links.home, preview: `${from} a day in the mountains.`, heading: `A gift for ${card.recipientName}` },
    copy ? paragraph(`Hi ${copy.buyerName}, your gift went to ${copy.sentTo}. This is what they received.`) : null,
    paragraph(`Hi ${card.recipientName}, ${from} a gift card for ${site.name}, guided backcountry days from Kamas, Utah.`),
    cardSection(card),
  );
}

export async function renderGiftCardDelivery(facts: GiftCardDeliveryFacts): Promise<RenderedMail> {
  const who = facts.card.from ?? site.name;
  const subject = facts.copy ? `Your gift reached ${facts.card.recipientName}` : `${who} sent you a gift card`;
  const rendered = await renderMail(subject, h(GiftCardDelivery, facts));
  return { ...rendered, attachments: [await pdfAttachment(facts.card), await qrAttachment(facts.card)] };
}

/** What the card pays now: what is left of an amount, or a voucher's seat. */
const leftWords = (facts: GiftCardReminderFacts) =>
  facts.card.value.kind === 'amount'
    ? `${formatMoney(facts.balance, facts.card.value.currency)} left to spend on any of our trips`
    : `one seat on ${facts.card.value.activity}`;

function GiftCardReminder(facts: GiftCardReminderFacts) {
  const { card } = facts;
  return h(
    Layout,
    { home: facts.links.home, preview: `Your gift card has ${leftWords(facts)}.`, heading: 'The season is almost here' },
    paragraph(
      `Hi ${facts.holderName}, the season starts on ${formatDenverDay(facts.seasonStart)}, and your ${site.name} gift card ${card.code} has ${leftWords(facts)}.`,
    ),
    subheading('How to use it'),
    bulletList(giftHowToUse(card)),
    buttonLink(card.bookLink, 'Choose a trip'),
    paragraph(textLink(card.balanceLink, 'See what is left on it'), '.'),
    h(
      Text,
      { style: styles.small },
      'We send this once a season while something is left on the card. ',
      textLink(facts.stopLink, 'Stop these reminders for this card'),
      '.',
    ),
  );
}

export async function renderGiftCardReminder(facts: GiftCardReminderFacts): Promise<RenderedMail> {
  return renderMail(`Your gift card has ${leftWords(facts)}`, h(GiftCardReminder, facts));
}
