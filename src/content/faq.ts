/** Booking questions and answers. Answers are trusted, hand-written HTML. */
import { site } from '../../shared/company/site.ts';
import { termsInBrief } from '../../shared/rules/cancellation-policy.ts';

export const faq = [
  {
    question: 'What should I bring?',
    answer: `<p>Dress in layers for a long day in the cold: a warm base layer, an insulating jacket, a waterproof shell, two pairs of gloves,
      a warm hat, goggles and sunglasses. Bring lunch, snacks and at least a litre of water in an insulated bottle. Skiers bring touring
      skis or a splitboard with skins; riders bring their own snowmobile with a full tank, unless you arranged a rental with us.</p>`,
  },
  {
    question: 'Do I need avalanche gear?',
    answer: `<p>Yes: everyone in the backcountry carries a transceiver (beacon), a shovel and a probe. If you do not own them, tell us when
      you book and we lend a set at no charge on day tours and courses. We check every beacon at the trailhead.</p>`,
  },
  {
    question: 'How fit and skilled do I need to be?',
    answer: `<p>For ski and splitboard tours you should ski or ride comfortably on black runs at a resort and be able to climb for two to three
      hours. For snowmobile days and both avalanche courses you must already ride a snowmobile competently off trail: the courses teach
      avalanche safety, not how to ride. The safety survey in your profile tells us about your experience so we can plan the right day.</p>`,
  },
  {
    question: 'How long is a course, and what does it cover?',
    answer: `<p>Each avalanche course runs ${site.courseHours}, most of it outside: avalanche terrain, the daily forecast, group travel, and
      companion rescue with beacon, probe and shovel. Motorized Backcountry Essentials is for snowmobilers; Sled-Skiing Intro is for skiers
      who use a sled to get to their terrain.</p>`,
  },
  {
    question: 'What happens if the weather or avalanche danger is bad?',
    answer: `<p>We watch the Utah Avalanche Center forecast and the weather closely and choose terrain to match. If conditions make the day
      unsafe or miserable, we will call you by 6 pm the evening before and offer a new date or a full refund.</p>`,
  },
  {
    question: 'Where do we meet?',
    answer: `<p>Most days start at 8 am at the Soapstone, Pine Valley or Wolf Creek Pass trailhead, depending on conditions. Courses start at
      7 am with a classroom hour in Kamas. We send the exact meeting point and a map with your confirmation and again two days before. See
      the trailheads on our <a href="/resources">resources page</a>.</p>`,
  },
  {
    question: 'Can I bring friends on my booking?',
    answer: `<p>Yes. Book for your whole party (up to four on a day tour), then share the invite link from your profile. Each friend signs in,
      fills in the survey and signs the waiver before the day.</p>`,
  },
  {
    question: 'What is your cancellation policy?',
    answer: `<p>${termsInBrief().join(' ')} You can cancel or change the date from My Bookings, which shows the refund or the fee before you confirm. The full terms are on
      our <a href="/cancellation-policy">cancellation policy</a> page.</p>`,
  },
  {
    question: 'Why do I need to sign a waiver?',
    answer: `<p>Backcountry travel carries real risks, including avalanches, cold and injury far from help. Our forest permit and insurance
      require every guest to read and sign our liability waiver before heading out. You can sign it online from the
      <a href="/waiver">Safety Waiver</a> page.</p>`,
  },
] as const;
