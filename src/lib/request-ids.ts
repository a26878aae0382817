/**
 * One request id per thing asked for: asking for the same again (a retry after a dropped
 * connection, a second click) sends the same id, so the API does it once; asking for anything else
 * sends a new id, so the API never takes it for the earlier request.
 */
export interface RequestIds {
  /** The id of a request asking for `asked`: the last one's when it asked for the same, else a new one. */
  idFor(asked: unknown): string;
  /** The last request is done: whatever is asked next is a request of its own. */
  forget(): void;
}

export function requestIds(newId: () => string = () => crypto.randomUUID()): RequestIds {
  let last: { asked: string; id: string } | null = null;
  return {
    idFor(asked) {
      const key = JSON.stringify(asked);
      if (last?.asked !== key) last = { asked: key, id: newId() };
      return last.id;
    },
    forget() {
      last = null;
    },
  };
}
