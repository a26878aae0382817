/**
 * The embedded database served to local Postgres clients (the operator commands) while the API has it
 * open. PGlite is one Postgres backend inside the API's process, and its folder has one owner, so the
 * API listens on a loopback port and relays the Postgres wire protocol of a client to that backend:
 *   - a client signs in with the password the API writes beside the folder (data-dir-lock.ts);
 *   - one client session at a time: sessions share the one backend (its prepared statements and
 *     settings), so the others wait, signed in, for theirs;
 *   - a client's statements run in the database's turn, the one the API's own queries and transactions
 *     take (client.ts), held from the client's first message until the backend is idle again (a
 *     ReadyForQuery outside a transaction): a client's transaction and the API's never interleave;
 *   - when a session ends, its open transaction is rolled back and its prepared statements dropped; a
 *     session idle in a transaction for `idleInTransactionMs` is ended, so a stopped command never
 *     holds the API up for long.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { turns, type Turns } from './turns.ts';

/** Loopback only: the commands run on the API's machine. */
export const EMBEDDED_HOST = '127.0.0.1';
const PROTOCOL_3 = 196608;
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
/** The startup and password messages are small; a bigger one before signing in is refused. */
const MAX_SIGN_IN_MESSAGE = 10_000;
/** How long a session may stay idle inside a transaction (holding the API's database) before it is ended. */
export const IDLE_IN_TRANSACTION_MS = 30_000;

export interface EmbeddedServer {
  port: number;
  password: string;
  /** Stops listening and ends every session (rolling back what is open); the database stays open. */
  close(): Promise<void>;
}

/** The connection string a Postgres client (an operator command) reaches the served database with. */
export const servedDatabaseUrl = ({ port, password }: { port: number; password: string }) =>
  `postgres://operator:${password}@${EMBEDDED_HOST}:${port}/postgres`;

/** A typed protocol message: its type byte, then its length (itself included), then `body`. */
function message(type: string, body: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const int32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value);
  return bytes;
};
const SYNC = message('S');
const simpleQuery = (sql: string) => message('Q', Buffer.from(`${sql}\0`));
const ASK_PASSWORD = message('R', int32(3));
const refusal = (code: string, text: string) => message('E', Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${text}\0\0`));

/** Whether a backend's answer ends with ReadyForQuery outside a transaction block ('I'). */
function endsIdle(answer: Buffer): boolean {
  let at = 0;
  let idle = false;
  while (at + 5 <= answer.length) {
    idle = answer[at] === 0x5a && answer.readInt32BE(at + 1) === 5 && answer[at + 5] === 0x49;
    at += 1 + answer.readInt32BE(at + 1);
  }
  return idle && at === answer.length;
}

export interface ServeOptions {
  /** Ends a session left idle inside a transaction this long; IDLE_IN_TRANSACTION_MS unless given. */
  idleInTransactionMs?: number;
  /** Told when a session ends, which drops every prepared statement of the backend, the API's own too. */
  onStatementsDropped?: () => void;
}

export async function serveEmbedded(lite: PGlite, database: Turns, options: ServeOptions = {}): Promise<EmbeddedServer> {
  const idleInTransactionMs = options.idleInTransactionMs ?? IDLE_IN_TRANSACTION_MS;
  const password = randomBytes(24).toString('hex');
  const sessions = turns();
  const open = new Set<{ socket: Socket; ended: Promise<void> }>();

  /** Runs protocol messages on the backend and gives back its answer. */
  const exchange = async (...messages: Buffer[]): Promise<Buffer> => {
    const answer: Buffer[] = [];
    await lite.runExclusive(async () => {
      for (const one of messages) {
        await lite.execProtocolRawStream(new Uint8Array(one), { onRawData: (chunk) => answer.push(Buffer.from(chunk)) });
      }
    });
    return Buffer.concat(answer);
  };

  function serve(socket: Socket) {
    let buffer = Buffer.alloc(0);
    let stage: 'startup' | 'password' | 'session' = 'startup';
    let startup: Buffer | null = null;
    let closed = false;
    let endSession: (() => void) | null = null;
    let endTurn: (() => void) | null = null;
    let idleInTransaction: NodeJS.Timeout | undefined;
    let work = Promise.resolve();

    const next = (): Buffer | null => {
      const signingIn = stage === 'startup';
      if (buffer.length < (signingIn ? 4 : 5)) return null;
      const length = signingIn ? buffer.readInt32BE(0) : 1 + buffer.readInt32BE(1);
      if (length < 4 || (stage !== 'session' && length > MAX_SIGN_IN_MESSAGE)) throw new Error('not a Postgres client');
      if (buffer.length < length) return null;
      const one = buffer.subarray(0, length);
      buffer = buffer.subarray(length);
      return one;
    };

    /** Runs a client's message in the database's turn, held until the backend is idle again. */
    const relay = async (one: Buffer) => {
      clearTimeout(idleInTransaction);
      endTurn ??= await database.take();
      const answer = await exchange(one);
      if (!closed) socket.write(answer);
      if (endsIdle(answer)) {
        endTurn();
        endTurn = null;
      } else {
        idleInTransaction = setTimeout(() => socket.destroy(), idleInTransactionMs);
      }
    };

    const handle = async (one: Buffer) => {
      if (stage === 'startup') {
        const code = one.readInt32BE(4);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) socket.write('N');
        else if (code === PROTOCOL_3) {
          startup = Buffer.from(one);
          stage = 'password';
          socket.write(ASK_PASSWORD);
        } else socket.end(); // a cancel request (nothing runs that could be cancelled) or not a Postgres client
        return;
      }
      if (stage === 'password') {
        const given = one[0] === 0x70 ? one.subarray(5, one.indexOf(0, 5)) : Buffer.alloc(0);
        const expected = Buffer.from(password);
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          socket.end(refusal('28P01', 'password authentication failed for the embedded database'));
          closed = true;
          return;
        }
        endSession = await sessions.take();
        if (closed) return;
        stage = 'session';
        await relay(startup ?? Buffer.alloc(0));
        return;
      }
      // Terminate: the session ends when the socket closes.
      if (one[0] === 0x58) socket.end();
      else await relay(one);
    };

    const drain = async () => {
      for (let one = next(); one && !closed; one = next()) await handle(one);
    };

    /** Leaves the backend as the session found it: no open transaction, no prepared statements. */
    const finish = async () => {
      clearTimeout(idleInTransaction);
      if (stage === 'session') {
        endTurn ??= await database.take();
        try {
          await exchange(SYNC);
          if (lite.isInTransaction()) await exchange(simpleQuery('ROLLBACK'));
          await exchange(simpleQuery('DEALLOCATE ALL'));
          options.onStatementsDropped?.();
        } finally {
          endTurn();
        }
      }
      endSession?.();
    };

    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      work = work.then(drain).catch((error: unknown) => {
        if (!closed) console.error(`embedded database server: ${(error as Error).message}; the client's session is ended`);
        socket.destroy();
      });
    });
    socket.on('error', () => undefined);
    const ended = new Promise<void>((resolve) =>
      socket.once('close', () => {
        closed = true;
        void work
          .then(finish)
          .catch((error: unknown) => console.error(`embedded database server: ending a session failed: ${(error as Error).message}`))
          .then(resolve);
      }),
    );
    const session = { socket, ended };
    open.add(session);
    void ended.then(() => open.delete(session));
  }

  const server = createServer(serve);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, EMBEDDED_HOST, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    password,
    close: async () => {
      const closing = new Promise<void>((resolve) => server.close(() => resolve()));
      const ending = [...open];
      for (const { socket } of ending) socket.destroy();
      await Promise.all([closing, ...ending.map(({ ended }) => ended)]);
    },
  };
}
