/**
 * A date's waitlist in the console: each party in line (who, how many, since when, a nearby date
 * would do) and the offers made to it with their state; a waiting party can be offered the seats
 * out of order, with a reason the record keeps: the free seats, or those of offers nobody has
 * started to pay (the API refuses when they are being paid).
 */
import type { ReactNode } from 'react';
import type { WaitlistRowAnswer } from '../../../../shared/contract/waitlist.ts';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { namesInWords, offersTakenBackFor } from '../../../lib/ops-links.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { useStaffData } from '../../../ui/hooks/use-staff-data.ts';
import { ReasonAction } from './TextAction.tsx';

/** What an offer out of order takes back, said before it is made. */
function takeBackWords(names: readonly string[]): string {
  if (names.length === 0) return 'The seats are free.';
  const whose = namesInWords(names);
  return `It takes back the unpaid offer${names.length === 1 ? '' : 's'} of ${whose} (unless they have started to pay), who ${names.length === 1 ? 'keeps their' : 'keep their'} place and ${names.length === 1 ? 'is' : 'are'} told.`;
}

const WAIT_WORDS: Record<WaitlistRowAnswer['status'], string> = {
  waiting: 'Waiting',
  offered: 'Seats offered',
  booked: 'Booked',
  left: 'Left the list',
  lapsed: 'Offer ran out',
  closed: 'List closed',
};

/** What became of an offer, with when it ends or ended where that is what matters. */
function offerState(offer: WaitlistRowAnswer['offers'][number]): string {
  const ends = formatDenverDateTime(Date.parse(offer.endsAt));
  if (offer.state === 'open') return `held until ${ends}`;
  if (offer.state === 'lapsed') return `ran out at ${ends}`;
  return { accepted: 'booked', declined: 'declined', withdrawn: 'withdrawn' }[offer.state];
}

function offerLine(offer: WaitlistRowAnswer['offers'][number]): string {
  const seats = `${offer.seats} ${offer.seats === 1 ? 'seat' : 'seats'}`;
  const where = offer.elsewhere ? ' on a nearby date' : '';
  const order = offer.outOfOrder ? ` Out of order: ${offer.outOfOrder}` : '';
  return `Offered ${seats}${where} ${formatDenverDateTime(Date.parse(offer.madeAt))}, ${offerState(offer)}.${order}`;
}

interface Props {
  dateId: string;
  /** Seats free now: a party that fits can be offered them. */
  free: number;
  /** Bookings are open: offers can be made. */
  bookable: boolean;
  /** A number that changes when the date changed, so the list is read again. */
  version: number;
  onChanged: (notice: ReactNode) => void;
}

export function DateWaitlist({ dateId, free, bookable, version, onChanged }: Props) {
  const state = useStaffData(`waitlist:${dateId}:${version}`, (signal) => opsApi.dateWaitlist({ params: { dateId }, signal }));
  if (state.status !== 'ready') return null;
  const rows = state.data.waitlist;
  /** Seats held by the open offers of this date: the office may take back those nobody has started to pay. */
  const offeredSeats = (except: string) =>
    rows
      .filter((row) => row.id !== except)
      .flatMap((row) => row.offers)
      .filter((offer) => offer.state === 'open' && !offer.elsewhere)
      .reduce((sum, offer) => sum + offer.seats, 0);
  return (
    <section className="ops-waitlist" aria-labelledby="ops-waitlist-title">
      <h3 id="ops-waitlist-title">Waitlist</h3>
      {rows.length === 0 ? (
        <p className="ops-muted">No one is waiting for this date.</p>
      ) : (
        <ol className="ops-parties" aria-label="Waitlist, in line order">
          {rows.map((row) => (
            <li key={row.id} className="ops-party">
              <p className="ops-waitlist-who">
                <strong>
                  {row.name}, party of {row.partySize}
                </strong>{' '}
                · {WAIT_WORDS[row.status]}
              </p>
              <span className="ops-muted">
                {row.email} · since {formatDenverDateTime(Date.parse(row.joinedAt))}
                {row.nearby ? ' · a nearby date would do' : ''}
              </span>
              {row.offers.length > 0 && (
                <ul className="ops-lines" aria-label={`Offers to ${row.name}`}>
                  {row.offers.map((offer) => (
                    <li key={offer.madeAt}>{offerLine(offer)}</li>
                  ))}
                </ul>
              )}
              {bookable && row.status === 'waiting' && free + offeredSeats(row.id) >= row.partySize && (
                <ReasonAction
                  opener={`Offer the seats to ${row.name}`}
                  hint={`Out of order: the parties ahead keep their place. ${takeBackWords(offersTakenBackFor(rows, row, free))} The reason goes in the record.`}
                  submit="Offer the seats"
                  act={async (reason) => {
                    const { takenBackFrom } = await opsApi.offerOutOfOrder({ params: { dateId, entryId: row.id }, body: { reason } });
                    onChanged(
                      `${row.partySize} ${row.partySize === 1 ? 'seat is' : 'seats are'} held for ${row.name}, who was e-mailed.` +
                        (takenBackFrom.length > 0 ? ` Taken back from ${namesInWords(takenBackFrom)}, told and still in line.` : ''),
                    );
                  }}
                />
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
