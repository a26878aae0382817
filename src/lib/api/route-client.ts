/**
 * The site's clients of the booking API are made here from the route table (shared/contract/routes):
 * one function per route, named as the table names it, that takes the path's parameters, the query
 * and the body the route declares, and reads the answer by the route's schema (an answer of another
 * shape fails with `UnreadableAnswer`). A 409 answer carrying a new quote fails with `QuoteChanged`.
 */
import type * as v from 'valibot';
import { fillPath, type PathParams, type Route, type RouteTable } from '../../../shared/contract/routes/route.ts';
import { cancellationQuoteAnswer, readAnswer } from './answers.ts';
import { ApiError, QuoteChanged } from './api-error.ts';

export interface CallOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  cache?: RequestCache;
}

/** Sends one call to a path of the API and gives back its answer's body; a refusal fails with `ApiError`. */
export type Fetcher = (path: string, options?: CallOptions) => Promise<unknown>;

type QueryValue = string | number | null | undefined;

/** What a call of route `R` is given: the path's parameters and the body when it has them, and a query when it reads one. */
export type CallInput<R extends Route> = ([PathParams<R['path']>] extends [never]
  ? unknown
  : { params: Record<PathParams<R['path']>, string> }) &
  (R['body'] extends v.GenericSchema ? { body: v.InferInput<R['body']> } : unknown) &
  (R['query'] extends v.ObjectSchema<infer E, undefined> ? { query?: { [K in keyof E]?: QueryValue } } : unknown) & {
    signal?: AbortSignal | undefined;
    headers?: Record<string, string>;
    cache?: RequestCache;
  };

export type AnswerOf<R extends Route> = v.InferOutput<R['answer']>;

/** A client of a table of routes: a function per route. */
export type Client<T extends RouteTable> = { [K in keyof T]: (input: CallInput<T[K]>) => Promise<AnswerOf<T[K]>> };

/** The path with its parameters filled in and its query's values that are given. */
function pathOf(route: Route, input: { params?: Record<string, string>; query?: Record<string, QueryValue> }): string {
  const path = fillPath(route.path, input.params);
  const query = new URLSearchParams(
    Object.entries(input.query ?? {}).flatMap(([name, value]) =>
      value === null || value === undefined || value === '' ? [] : [[name, String(value)]],
    ),
  );
  return query.size > 0 ? `${path}?${query}` : path;
}

/** Calls `route` through `fetcher` and reads its answer. */
export async function callRoute<R extends Route>(fetcher: Fetcher, route: R, input: CallInput<R>): Promise<AnswerOf<R>> {
  const given = input as { params?: Record<string, string>; query?: Record<string, QueryValue>; body?: unknown } & CallOptions;
  const options: CallOptions = { method: route.method };
  if (given.body !== undefined) options.body = given.body;
  if (given.signal) options.signal = given.signal;
  if (given.headers) options.headers = given.headers;
  if (given.cache) options.cache = given.cache;
  let answer: unknown;
  try {
    answer = await fetcher(pathOf(route, given), options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.body && typeof error.body === 'object' && 'quote' in error.body) {
      throw new QuoteChanged(error.message, error.body, readAnswer('the quote', cancellationQuoteAnswer, error.body.quote));
    }
    throw error;
  }
  return readAnswer(route.what, route.answer, answer) as AnswerOf<R>;
}

/** The client of `table`, calling through `fetcher`. */
export function clientOf<T extends RouteTable>(table: T, fetcher: Fetcher): Client<T> {
  return Object.fromEntries(
    Object.entries(table).map(([name, route]) => [name, (input: CallInput<Route>) => callRoute(fetcher, route, input)]),
  ) as unknown as Client<T>;
}
