/**
 * Statements written with named parameters, `{name}`, for the numbered ones Postgres takes.
 * Fragments of SQL that other modules share then compose by name: a statement built from several
 * of them names each value once, whatever order the pieces end up in.
 *
 * Names are numbered in the order they first appear, so a statement's text is the same on every
 * call (the Postgres client prepares statements by their text). A name used twice is one value.
 * Quoted text and comments are left as they are: `'{a}'` is an array literal, not a parameter.
 */
import type { Queryable, Row } from './client.ts';

export type NamedValues = Readonly<Record<string, unknown>>;

export interface NamedSql {
  /** The statement with `$1`, `$2`, … in place of the names. */
  readonly text: string;
  /** The names in the order of their numbers: `names[0]` is `$1`. */
  readonly names: readonly string[];
  /**
   * The text and the values in the order of their numbers. Throws when a name of the statement has
   * no value, or when a value is given that the statement does not use (most likely a misspelt name).
   */
  bind(values: NamedValues): { text: string; values: unknown[] };
}

/** A quoted literal, a quoted identifier, a comment, a numbered parameter, or a named one (the only capture). */
const TOKENS = /'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|\$\d+|\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Reads a statement written with `{name}` parameters; it cannot also use numbered ones. */
export function named(template: string): NamedSql {
  const numbers = new Map<string, number>();
  const text = template.replace(TOKENS, (token, name: string | undefined) => {
    if (name === undefined) {
      if (token.startsWith('$')) throw new Error(`a statement with named parameters uses the numbered parameter ${token}`);
      return token;
    }
    let number = numbers.get(name);
    if (number === undefined) {
      number = numbers.size + 1;
      numbers.set(name, number);
    }
    return `$${number}`;
  });
  const names = [...numbers.keys()];
  return {
    text,
    names,
    bind(values) {
      const missing = names.filter((name) => !Object.hasOwn(values, name));
      if (missing.length > 0) throw new Error(`no value for the parameters ${missing.join(', ')}`);
      const unused = Object.keys(values).filter((name) => !numbers.has(name));
      if (unused.length > 0) throw new Error(`the statement has no parameters named ${unused.join(', ')}`);
      return { text, values: names.map((name) => values[name]) };
    },
  };
}

/** Runs a statement with named parameters. */
export function queryNamed<T extends Row = Row>(db: Queryable, statement: NamedSql, values: NamedValues): Promise<T[]> {
  const bound = statement.bind(values);
  return db.query<T>(bound.text, bound.values);
}
