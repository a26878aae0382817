/**
 * The site's reading of what the booking API answers: each answer is checked by its schema in the
 * contract (shared/contract/answers.ts) where it arrives, and an answer of another shape fails the
 * call with `UnreadableAnswer` instead of reaching a page as something it is not. The catalog, which
 * every page's navigation loads without valibot, is read by a check of its own (./catalog.ts).
 */
import * as v from 'valibot';
import { calendarAnswer } from '../../../shared/contract/answers.ts';
import { calendarDateOf } from '../../../shared/rules/calendar-date.ts';
import { UnreadableAnswer } from './api-error.ts';
import { checkCatalog } from './catalog.ts';

export * from '../../../shared/contract/answers.ts';
export { UnreadableAnswer };

/** The answer as `schema` reads it, or `UnreadableAnswer` naming the first field that is wrong. */
export function readAnswer<S extends v.GenericSchema>(what: string, schema: S, answer: unknown): v.InferOutput<S> {
  const parsed = v.safeParse(schema, answer);
  if (!parsed.success) throw new UnreadableAnswer(what, parsed.issues[0]?.path?.map((step) => String(step.key)).join('.') ?? '');
  return parsed.output;
}

/** The catalog, read by its own check (./catalog.ts), which the navigation runs on every page without these. */
export const productsAnswer = v.pipe(
  v.unknown(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const checked = checkCatalog(dataset.value);
    if ('products' in checked) return checked.products;
    const [first, ...rest] = checked.wrongAt.map((key): v.UnknownPathItem => ({
      type: 'unknown',
      origin: 'value',
      input: undefined,
      key,
      value: undefined,
    }));
    addIssue(first ? { path: [first, ...rest] } : {});
    return NEVER;
  }),
);

/** A calendar as the pages read it: its dates (shared/rules/calendar-date.ts). */
export const calendarDatesAnswer = v.pipe(
  calendarAnswer,
  v.transform((entries) => entries.map(calendarDateOf)),
);
