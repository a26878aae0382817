/** The guides' routes: the dates ahead, a date's roster and trip sheet, and what the phone recorded at the trailhead. */
import { guideDatesAnswer, rosterAnswer } from '../answers.ts';
import { tripEventsAnswer, tripEventsRequest, tripSheetAnswer } from '../trailhead.ts';
import { routes } from './route.ts';

export const GUIDE_ROUTES = routes({
  guideDates: {
    method: 'GET',
    path: '/guide/dates',
    who: 'guide',
    summary: 'The dates ahead with their parties.',
    answer: guideDatesAnswer,
    what: 'the dates',
  },
  roster: {
    method: 'GET',
    path: '/guide/dates/{dateId}/roster',
    who: 'guide',
    summary: "A date's roster: every rider, their readiness and safety details.",
    answer: rosterAnswer,
    what: 'the roster',
  },
  tripSheet: {
    method: 'GET',
    path: '/guide/dates/{dateId}/trip-sheet',
    who: 'staff',
    summary: 'The trip sheet a phone keeps for a date with no signal: riders, passes, waivers, and what was recorded.',
    answer: tripSheetAnswer,
    what: 'the trip sheet',
  },
  sendTripEvents: {
    method: 'POST',
    path: '/guide/dates/{dateId}/trip-events',
    who: 'staff',
    summary: 'What the phone recorded at the trailhead (check-ins, no-shows, signatures); each event is recorded once.',
    body: tripEventsRequest,
    answer: tripEventsAnswer,
    what: 'the check-ins',
  },
});
