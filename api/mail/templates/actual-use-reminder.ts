/** To each operator after a permit season: the Forest Service's actual use report is due, and where to file it. */
import { createElement as h } from 'react';
import type { ActualUseReminderFacts, RenderedMail } from '../message-types.ts';
import { Layout } from './layout.ts';
import { buttonLink, paragraph, renderMail } from './parts.ts';
import { formatDenverDayWithYear } from '../../../shared/rules/dates.ts';

function ActualUseReminder(facts: ActualUseReminderFacts) {
  const due = formatDenverDayWithYear(facts.dueOn);
  return h(
    Layout,
    {
      home: facts.links.home,
      preview: `The actual use report of the ${facts.season} season is due ${due}.`,
      heading: `The ${facts.season} actual use report`,
    },
    paragraph(
      `Hi ${facts.recipientName}, the ${facts.season} permit season ended ${formatDenverDayWithYear(facts.lastDay)}. The Forest Service's actual use report is due within 30 days: by ${due}.`,
    ),
    paragraph(
      'The console has it ready: service days from the trailhead check-ins and revenue by trip date, per activity and location, with the estimated fee. Check the dates counted from bookings, correct what needs it, send it, then file it in the console.',
    ),
    buttonLink(facts.reportLink, 'Open the actual use report'),
    paragraph(
      facts.last ? 'This is the last reminder.' : 'Until it is filed in the console, one more reminder goes a week before it is due.',
    ),
  );
}

export function renderActualUseReminder(facts: ActualUseReminderFacts): Promise<RenderedMail> {
  return renderMail(
    facts.last
      ? `Due in a week: the ${facts.season} actual use report`
      : `The ${facts.season} season has ended: its actual use report is due ${formatDenverDayWithYear(facts.dueOn)}`,
    h(ActualUseReminder, facts),
  );
}
