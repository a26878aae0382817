/**
 * /ops: what needs a person first, then finding a booking, and today and the days ahead. Someone signed in without the operator
 * role meets, instead of the console, the word that it is for operators: at once when their
 * account is known to be a guide's, else as soon as the API says so.
 */
import { useStore } from '@nanostores/react';
import type { OpsDays } from '../../../../shared/contract/ops-answers.ts';
import { isCalendarDay } from '../../../../shared/rules/dates.ts';
import { NOT_AN_OPERATOR } from '../../../../shared/contract/messages.ts';
import { $knownUser } from '../../../stores/known-user.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { useHydrated } from '../../../ui/hooks/use-hydrated.ts';
import { useSearchParam } from '../../../ui/hooks/use-search-param.ts';
import { useStaffData } from '../../../ui/hooks/use-staff-data.ts';
import { DAYS_SHOWN, DaysAhead } from './DaysAhead.tsx';
import { FindBooking } from './FindBooking.tsx';
import { NeedsAttention } from './NeedsAttention.tsx';
import { OpsStates } from './OpsStates.tsx';
import '../../../styles/account.css';
import '../../../styles/ops.css';

export default function OpsHome() {
  const hydrated = useHydrated();
  const known = useStore($knownUser);
  const query = useSearchParam('q');
  const fromParam = useSearchParam('from');
  const from = fromParam && isCalendarDay(fromParam) ? fromParam : null;
  const days = useStaffData<OpsDays>(`days:${from ?? 'today'}`, (signal) => opsApi.days({ query: { from, days: DAYS_SHOWN - 1 }, signal }));
  const knownGuide = hydrated && known?.guide === true && known.operator !== true;
  if (knownGuide || days.status === 'not-allowed') {
    return (
      <OpsStates
        state={{ status: 'not-allowed', message: days.status === 'not-allowed' ? days.message : NOT_AN_OPERATOR }}
        loadingLabel=""
      />
    );
  }
  return (
    <div className="ops">
      <nav className="ops-links" aria-label="Console">
        <a href="/ops/dates">Add dates</a>
        <a href="/ops/promo-codes">Promo codes</a>
        <a href="/ops/gift-cards">Gift cards</a>
        <a href="/ops/reports">Reports</a>
        <a href="/ops/activity">The record of operator actions</a>
        <a href="/ops/staff">Staff</a>
      </nav>
      <NeedsAttention />
      <FindBooking query={query} />
      <DaysAhead days={days} />
    </div>
  );
}
