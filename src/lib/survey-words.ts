/** A safety survey's answers as a sentence's words, where a summary names them together. */
import type { Survey } from '../../shared/contract/requests.ts';

const GEAR = ['beacon', 'shovel', 'probe'] as const;

const listed = (words: readonly string[], joiner: string) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${joiner} ${words.at(-1) ?? ''}`;

/** 'Beacon, shovel and probe'; 'Beacon and probe (no shovel)'; 'None'. */
export function gearText(survey: Pick<Survey, (typeof GEAR)[number]>): string {
  const carried = GEAR.filter((item) => survey[item] === 'Yes');
  const missing = GEAR.filter((item) => survey[item] !== 'Yes');
  if (carried.length === 0) return 'None';
  const text = listed(carried, 'and');
  const capitalised = `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
  return missing.length > 0 ? `${capitalised} (no ${listed(missing, 'or')})` : capitalised;
}
