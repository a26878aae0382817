/**
 * The liability waiver every guest signs: a release of liability,
 * assumption of risk and indemnity agreement for our guided days and courses. Plain text, in
 * sections; a string is a paragraph and a list of strings is a bulleted list. Changing the wording
 * means a new `WAIVER_VERSION`.
 */

/** The issue of this text. */
export const WAIVER_VERSION = '2026-11';

export const WAIVER_TITLE = 'Release of Liability, Assumption of Risk and Indemnity Agreement';

/** A paragraph, or a bulleted list. */
export type WaiverBlock = string | readonly string[];

export interface WaiverSection {
  readonly heading: string;
  readonly blocks: readonly WaiverBlock[];
}

/** Shown before the sections. */
export const WAIVER_INTRO: readonly string[] = [
  'Please read this agreement carefully before you sign it. It is a legal document. By signing it you accept the risks of backcountry travel and give up the right to sue Kamas Backcountry Guides for many kinds of injury and loss, including some caused by our own negligence.',
  'If anything in it is unclear, ask us before you sign: e-mail or call us and a guide will talk it through with you. If you do not agree with it, do not sign it, and do not take part.',
];

export const WAIVER_SECTIONS: readonly WaiverSection[] = [
  {
    heading: '1. Who and what this agreement covers',
    blocks: [
      'In this agreement "we", "us" and "our" mean Kamas Backcountry Guides of Kamas, Utah, together with its owners, guides, instructors, employees, contractors, volunteers and agents. "You" means the person who signs it.',
      'It covers every activity you take part in with us, on the date you booked and on any later date (together, "the Activities"):',
      [
        'guided backcountry ski and splitboard tours;',
        'guided snowmobile tours, and days where snowmobiles carry or tow skiers and riders to their terrain;',
        'recreational avalanche courses, their classroom sessions and their field days on the snow;',
        'our mentorship program;',
        'everything that goes with them: instruction, travel on snowmobiles, on skis or on foot to and from the trailhead, time at trailheads and meeting places, and the use of any equipment we lend or rent to you.',
      ],
      'Most Activities take place in the Uinta Mountains, on the Uinta-Wasatch-Cache National Forest, where we operate under a special use permit, and on other public and private land nearby.',
    ],
  },
  {
    heading: '2. The risks are real, and some cannot be removed',
    blocks: [
      'The backcountry is not a ski area. Nobody has controlled the avalanches, marked the hazards, groomed the snow or patrolled the slopes. Our guides work hard to manage the risks, but no guide, course, forecast or piece of equipment can remove them. Serious injury, permanent disability and death can and do happen. The risks include, among others:',
      [
        'Avalanches. Avalanches can release naturally or be triggered by you, by your group, by your guide or by other people, including on slopes and on days that seemed safe. Forecasts, snowpack tests and careful terrain choices reduce the risk but are never certain. A person caught in an avalanche can be buried, struck by debris, or carried into trees, rocks or over cliffs.',
        'Terrain and snow. Steep and changing slopes; cliffs, rocks, stumps, tree wells and deep snow in which a fallen person can suffocate; cornices; creeks, open water and thin ice; snow that changes from powder to crust or ice within a run; obstacles hidden under the snow; falling snow, ice, rock and trees.',
        'Snowmobiles. Snowmobiles are heavy, powerful machines. Riders and passengers can be thrown, rolled on, pinned, struck or burned. Machines get stuck, break down, tip over on side hills and collide with trees, rocks, other machines and people. Towing skiers and carrying passengers add to these risks, and freeing a stuck machine is hard, strenuous work.',
        'Cold, weather and altitude. Sudden storms, high winds, whiteouts, extreme cold, strong sun and glare can bring hypothermia, frostbite, snow blindness, sunburn, dehydration and exhaustion. Some of our terrain is above 10,000 feet, where altitude illness can occur and existing medical conditions can get worse.',
        'Remoteness and delayed rescue. We are often hours from a road, a hospital or a phone signal, and calling for help may be impossible. Rescue and evacuation, whether by us, by county search and rescue or by helicopter, can take many hours, and weather, darkness or avalanche danger can delay or prevent it. First aid in the field is limited. Because help is far away, a minor injury or illness can become serious.',
        'Equipment. Skis, splitboards, bindings, skins, boots, snowmobiles, avalanche transceivers (beacons), shovels, probes, airbag packs and radios can break, fail, be used wrongly or fail to prevent an injury, whether they are yours or ours.',
        'Physical effort and health. Long days of climbing, breaking trail, digging and riding can cause strains, sprains, fractures, heart attacks and other medical emergencies, especially for someone who is not fit enough for the day or has a medical condition.',
        'Guide judgement and human error. Our guides decide on routes, terrain, pace, snow stability and when to turn around using their training, their experience and the information they have at the time. Those decisions are judgement calls. They can turn out to be wrong, and a guide or instructor can misjudge conditions, make a mistake or give an instruction that proves, with hindsight, not to have been the best one. Your own decisions, and those of others in your group and in the backcountry, also change the risk.',
        'Other people, wildlife and travel. Collisions with other skiers, riders and snowmobiles; the actions of other people above or near us; encounters with moose and other wildlife; and travel on snowy mountain roads to and from the trailhead.',
      ],
    ],
  },
  {
    heading: '3. Utah law and the inherent risks of skiing',
    blocks: [
      "Utah's Inherent Risks of Skiing Act (Utah Code 78B-4-401 et seq.) recognises that skiing carries risks that are an integral part of the sport, and that skiers accept them. It names among them changing weather; snow or ice conditions as they exist or may change; surface and subsurface conditions such as bare spots, forest growth, rocks, stumps, streambeds, cliffs, trees and other natural objects; variations or steepness in terrain; collisions with other skiers; and a skier's failure to ski within his or her own ability.",
      'We are not a ski area operator, and the backcountry holds greater risks than any ski area. You agree that these inherent risks, together with the other risks described in this agreement, are part of every Activity, whether you travel on skis, on a splitboard, on a snowmobile, on snowshoes or on foot, and you accept them whether or not that Act applies to a particular Activity or claim.',
    ],
  },
  {
    heading: '4. Your part in keeping the day safe',
    blocks: [
      'You agree that you will:',
      [
        'tell us the truth, in your safety survey and before each Activity, about your experience, your fitness and any medical condition, injury, allergy, pregnancy or medication that could affect you or your group;',
        'book and take part only in Activities that match your ability, and tell your guide straight away if you feel unwell, cold, exhausted, frightened or out of your depth;',
        'be able to ride a snowmobile competently off trail before a snowmobile day or an avalanche course, because those courses teach avalanche safety, not how to ride;',
        'carry a working avalanche transceiver, shovel and probe (we lend them if you ask), and keep your transceiver on and transmitting whenever your guide tells you to;',
        'follow your guide\u2019s instructions about routes, spacing, safe spots and turning around, stay with the group, and ask when you do not understand an instruction;',
        'bring the clothing, food, water and equipment on our list, and keep your own equipment in good working order;',
        'not take part while affected by alcohol, cannabis or any drug that could impair your judgement or coordination;',
        'follow the rules of the national forest and of the land we cross, and respect other people and wildlife.',
      ],
      'Your guide may change the plan, choose other terrain, end the day early, or ask you to stop taking part if, in the guide\u2019s judgement, the conditions or your health, ability or behaviour put you or others at risk. You agree to accept that decision. You may also stop at any time; tell your guide, so that we can get you out safely.',
    ],
  },
  {
    heading: '5. Assumption of risk',
    blocks: [
      'You take part of your own free will. You have read the description of the risks above and you understand that it cannot list every risk. You knowingly and voluntarily accept all the risks of the Activities, known and unknown, including the risk of injury, illness, death, and damage to or loss of property, even when they arise from the negligence of Kamas Backcountry Guides or of our guides.',
    ],
  },
  {
    heading: '6. Release of liability and promise not to sue',
    blocks: [
      'To the fullest extent Utah law allows, you release, waive and discharge Kamas Backcountry Guides, as defined in section 1, from all liability to you, your spouse, your heirs, your estate and anyone claiming on your behalf, for any injury, illness, death, damage to or loss of property, or other loss arising out of or connected with the Activities, including any caused in whole or in part by our negligence. You agree not to sue us, or to make any other claim against us, for any of them.',
      'This release does not cover harm caused by our gross negligence or by our intentional misconduct, or any other claim that Utah law does not allow to be released.',
    ],
  },
  {
    heading: '7. Indemnity',
    blocks: [
      'To the extent the law allows, you agree to indemnify, defend and hold harmless Kamas Backcountry Guides against any claim, loss, damage, cost or expense, including reasonable attorney fees, that arises from your actions or omissions during the Activities, or from a claim that anyone else, including a member of your family, brings because of your injury, illness or death in the Activities.',
    ],
  },
  {
    heading: '8. Medical treatment and costs',
    blocks: [
      'If you are injured or become ill, you authorise our guides to give you first aid, to call for and arrange your rescue and evacuation, and, when you cannot decide for yourself, to consent on your behalf to treatment by emergency responders, doctors and hospitals. Our guides are trained in wilderness first aid; they are not doctors.',
      'You agree that we may share the answers in your safety survey, including any medical conditions, with the rescuers and health care providers who treat you, and that we may call your emergency contact.',
      'You are responsible for the cost of your rescue, evacuation, transport and medical care. We strongly recommend insurance that covers backcountry rescue and medical treatment.',
    ],
  },
  {
    heading: '9. Photos and video',
    blocks: [
      'This agreement does not give us permission to use photos or video of you. If we would like to use them, for example on our website or social media, we will ask you separately, and saying no will not affect your booking in any way.',
    ],
  },
  {
    heading: '10. Governing law and where disputes are heard',
    blocks: [
      'This agreement is governed by the laws of the State of Utah. Any dispute about it or about the Activities will be heard only in the state courts of Summit County, Utah, or in the United States District Court for the District of Utah, and you agree to the jurisdiction of those courts.',
    ],
  },
  {
    heading: '11. Severability and the whole agreement',
    blocks: [
      'This agreement is meant to be as broad and inclusive as Utah law permits. If a court decides that any part of it is invalid or cannot be enforced, that part will be limited as far as necessary, or removed, and the rest of the agreement will stay in full force.',
      'This is the whole agreement between you and us about its subject. It replaces anything said or written before it about the same subject, and it applies to every Activity you take part in with us until you sign a newer version.',
    ],
  },
  {
    heading: '12. By signing, you confirm',
    blocks: [
      [
        'that you are at least 18 years old and legally able to sign this agreement (a guest under 18 may take part only with a parent or legal guardian who signs a separate agreement with us on paper; please contact us first);',
        'that you have read and understood this agreement and have had the chance to ask us questions about it;',
        'that what you have told us about yourself, in your profile and safety survey, is true;',
        'that you sign it freely, knowing that you are giving up substantial legal rights.',
      ],
    ],
  },
];

/** Shown just above the signature pad. */
export const WAIVER_SIGNING_NOTE =
  'Signing electronically is the same as signing on paper: when you tick the box and draw your signature or type your name below, this agreement binds you just as a handwritten signature would. We keep your signed waiver with your account, and a copy is available from your profile at any time.';

/**
 * SHA-256 of the exact text of this version (`waiverPlainText`): the fingerprint stored with every
 * signature. A unit test recomputes it, and the API refuses to start when it does not match, so the
 * wording cannot change without a new version and a new fingerprint.
 */
export const WAIVER_SHA256 = '2f27f77c2823c2f14c113eb7134c291e7d876c7b68e1d080e045138ba78a24bc';

/** This version as one document, in the shape a signed copy is rendered from. */
export const WAIVER_DOCUMENT = {
  version: WAIVER_VERSION,
  title: WAIVER_TITLE,
  intro: WAIVER_INTRO,
  sections: WAIVER_SECTIONS,
} as const;
