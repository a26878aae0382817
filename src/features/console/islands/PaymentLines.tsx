/**
 * The office's open questions about a payment, then each of its lines (paid, a fee, a refund or a
 * cancellation owed at the provider, with its last error), as a booking's and a gift card's pages show them.
 */
import type { OpsBooking, OpsPaymentLine } from '../../../../shared/contract/ops-answers.ts';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { paymentLine } from '../../../lib/ops-links.ts';

export function PaymentLines({
  openFlags,
  payments,
  paid,
}: {
  openFlags: readonly string[];
  payments: readonly OpsPaymentLine[];
  /** What was paid and how, which a line of the whole payment names. */
  paid: Pick<OpsBooking, 'amount' | 'paidBy'>;
}) {
  return (
    <>
      {openFlags.map((flag) => (
        <p key={flag} className="form-error">
          For the office: {flag}
        </p>
      ))}
      <ul className="ops-lines">
        {payments.map((payment, index) => (
          <li key={index}>
            {formatDenverDateTime(Date.parse(payment.at))}: {paymentLine(payment, paid)}
            {payment.lastError ? <span className="form-error"> Last error: {payment.lastError}</span> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
