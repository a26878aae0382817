/** A moment the database gives back (a `timestamptz`: a Date from Postgres, text from some queries) as the API answers it: ISO 8601 in UTC. */
export const iso = (value: Date | string): string => new Date(value).toISOString();
