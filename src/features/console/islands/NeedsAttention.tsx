/**
 * First on /ops, what needs a person: flags on bookings and gift cards (resolved here, with what was given back and
 * how), refunds the payment provider keeps refusing, payers of called-off dates who have yet to
 * choose, seats offered to the waitlist and not yet taken, and messages that do not get through.
 * Each names the person and the day, and links to where it is dealt with.
 */
import { useId, useState, type ReactNode } from 'react';
import type { OpsAttention, OpsAttentionBooking, OpsAttentionGiftCard, OpsFlagResolved } from '../../../../shared/contract/ops-answers.ts';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import { opsBookingLink, opsDateLink, opsGiftCardLink } from '../../../lib/ops-links.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { useHydrated } from '../../../ui/hooks/use-hydrated.ts';
import { useStaffData } from '../../../ui/hooks/use-staff-data.ts';
import OpsNotice from './OpsNotice.tsx';
import { OpsStates } from './OpsStates.tsx';
import { ResolveFlag } from './ResolveFlag.tsx';

const when = (instant: string) => formatDenverDateTime(Date.parse(instant));
const tries = (count: number) => `${count} ${count === 1 ? 'try' : 'tries'}`;
const seats = (count: number) => `${count} ${count === 1 ? 'seat' : 'seats'}`;

/** 'Rae Quinn, party of 2: Ski & Splitboard Touring Day, Sat, Jan 9, 8:00 AM' */
const bookingLine = (booking: OpsAttentionBooking) =>
  `${booking.payer}, party of ${booking.partySize}: ${booking.activity}, ${when(booking.startsAt)}`;

function Item({
  title,
  children,
  link,
}: {
  title: string;
  children: ReactNode;
  link: { href: string; label: string; what: string } | null;
}) {
  return (
    <li>
      <strong>{title}</strong>
      {children}
      {link && (
        <a href={link.href}>
          {link.label}
          <span className="visually-hidden"> {link.what}</span>
        </a>
      )}
    </li>
  );
}

const bookingLink = (booking: OpsAttentionBooking) => ({
  href: opsBookingLink(booking.id),
  label: 'Open the booking',
  what: `of ${booking.payer}`,
});

/** What a flag's or a refund's money was paid for, as the list names it: whose, a line of what it is, and where to see it. */
function paidFor({ booking, giftCard }: { booking: OpsAttentionBooking | null; giftCard: OpsAttentionGiftCard | null }) {
  if (booking) return { whose: booking.payer, line: bookingLine(booking), link: bookingLink(booking) };
  const buyer = giftCard?.buyer ?? 'the buyer';
  return {
    whose: buyer,
    line: `Gift card ${giftCard?.code ?? ''} bought by ${buyer} for ${formatDollars(giftCard?.amount ?? 0)}`,
    link: giftCard ? { href: opsGiftCardLink(giftCard.id), label: 'Open the gift card', what: giftCard.code } : null,
  };
}

function resolvedWords({ resolved, resolution }: OpsFlagResolved, what: string): string {
  if (!resolved) return `${what}: already resolved by ${resolution.by}.`;
  return `${what}: resolved${resolution.gaveBack > 0 ? `, ${formatDollars(resolution.gaveBack)} given back by hand` : ''}.`;
}

export function NeedsAttention() {
  const id = useId();
  const state = useStaffData<OpsAttention>('attention', (signal) => opsApi.attention({ signal }));
  const [changed, setChanged] = useState<{ attention: OpsAttention; notice: string } | null>(null);
  const hydrated = useHydrated();
  // Before the script runs, signed out or without the role, the days ahead below say what to do.
  if (!hydrated || state.status === 'signed-out' || state.status === 'not-allowed') return null;
  if (state.status !== 'ready') {
    return (
      <section className="ops-section" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Needs attention</h2>
        <OpsStates state={state} loadingLabel="Loading what needs attention" />
      </section>
    );
  }
  const { flags, failingRefunds, choices, offers, messages } = changed?.attention ?? state.data;
  const count = flags.length + failingRefunds.length + choices.length + offers.length + messages.length;
  return (
    <section className="ops-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Needs attention{count > 0 ? ` (${count})` : ''}</h2>
      {changed && <OpsNotice>{changed.notice}</OpsNotice>}
      {count === 0 ? (
        <p className="ops-muted">Nothing needs attention.</p>
      ) : (
        <ul className="ops-found" aria-label="Needs attention">
          {flags.map((flag) => {
            const about = paidFor(flag);
            return (
              <Item key={flag.id} title={flag.what} link={about.link}>
                <span>{about.line}</span>
                <span className="ops-muted">{flag.detail}</span>
                <ResolveFlag
                  flag={flag}
                  onResolved={(answer) =>
                    setChanged({ attention: answer.attention, notice: resolvedWords(answer, `${flag.what} for ${about.whose}`) })
                  }
                />
              </Item>
            );
          })}
          {failingRefunds.map((refund) => (
            <Item
              key={refund.id}
              title={
                refund.amount === null
                  ? 'A payment’s cancellation keeps failing'
                  : `A refund of ${formatDollars(refund.amount)} keeps failing`
              }
              link={paidFor(refund).link}
            >
              <span>{paidFor(refund).line}</span>
              <span className="ops-muted">
                {tries(refund.attempts)}, tried again {when(refund.nextTryAt)}. The card processor answered: {refund.lastError}
              </span>
            </Item>
          ))}
          {choices.map((choice) => (
            <Item key={choice.booking.id} title={`Waiting for ${choice.booking.payer} to choose`} link={bookingLink(choice.booking)}>
              <span>
                {bookingLine(choice.booking)}, called off ({choice.reason})
              </span>
              <span className="ops-muted">Refunded in full if they have not chosen by {when(choice.chooseBy)}.</span>
            </Item>
          ))}
          {offers.map((offer) => (
            <Item
              key={offer.id}
              title={`${seats(offer.seats)} offered to ${offer.name}`}
              link={{ href: opsDateLink(offer.dateId), label: 'Open the date', what: when(offer.startsAt) }}
            >
              <span>
                {offer.activity}, {when(offer.startsAt)}
              </span>
              <span className="ops-muted">{offer.paying ? 'Paying now.' : `Held for them until ${when(offer.endsAt)}.`}</span>
            </Item>
          ))}
          {messages.map((message) => (
            <Item
              key={message.id}
              title={`${message.what} to ${message.to} is not getting through`}
              link={
                message.bookingId ? { href: opsBookingLink(message.bookingId), label: 'Open the booking', what: `of ${message.to}` } : null
              }
            >
              <span className="ops-muted">
                {tries(message.attempts)}
                {message.toEmail ? ` to ${message.toEmail}` : ''}. The mail server answered: {message.lastError}
              </span>
            </Item>
          ))}
        </ul>
      )}
    </section>
  );
}
