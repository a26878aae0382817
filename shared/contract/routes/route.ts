/**
 * What one route of the booking API is: its method and path, who may call it, what it takes (a JSON
 * body, a query) and what it answers, each as a schema. Every route is declared once, in the tables
 * beside this file; the API, its OpenAPI document, the site's client and the README's table of routes
 * are all read from them.
 */
import type * as v from 'valibot';

/** Who may call a route, as the API checks it. */
export const CALLERS = {
  anyone: 'Anyone: no sign-in.',
  customer: 'A signed-in customer.',
  'account owner': 'The signed-in owner of the account named in the path.',
  guide: 'A guide.',
  staff: 'A guide or an operator.',
  operator: 'An operator.',
  'payment provider': "The payment provider, by the signature of its event; nobody's token.",
} as const;

export type Caller = keyof typeof CALLERS;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

type AnySchema = v.GenericSchema;

export interface Route {
  method: Method;
  /** The path, its parameters in braces: `/bookings/{bookingId}/cancellation`. */
  path: string;
  who: Caller;
  /** One line on what it does, for the reference and the README. */
  summary: string;
  /** The JSON body it takes, when it takes one. */
  body?: AnySchema;
  /** The query it reads, each parameter optional unless its schema says otherwise. */
  query?: v.ObjectSchema<v.ObjectEntries, undefined>;
  /** What it answers with, when it succeeds. */
  answer: AnySchema;
  /** What the site calls the answer in a message that it could not be read ("the cancellation"). */
  what: string;
}

/** A table of routes by the name each is called by. */
export type RouteTable = Record<string, Route>;

/** Declares a table, keeping each route's own types (its schemas) for the client that is derived from it. */
export const routes = <const T extends RouteTable>(table: T): T => table;

/** The names of a path's parameters: `/bookings/{bookingId}/leave` has `bookingId`. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParams<Rest> : never;

/** The path's parameters filled in, each encoded. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`The path ${path} needs ${name}.`);
    return encodeURIComponent(value);
  });
}
