/**
 * Sends the mail outbox. Several API instances may run it at once: each claims due rows with
 * `for update skip locked` and leases them while it writes and sends, so a message is sent by one
 * instance at a time, and picked up again if that instance dies mid-way. A message goes only while
 * the instance still holds its claim: just before handing it to the mail server the lease is renewed
 * under the claim's token, and an instance that paused past its lease (another instance claimed the
 * message meanwhile) neither sends it nor records anything on it. Each instance sends a few messages
 * at once (SENDERS), so a rush of bookings does not queue behind a slow mail server.
 *
 * A message goes to the recipient's sign-in e-mail as the identity service has it when it is sent. A
 * failure (the mail server refused or could not be reached) is kept on the row and retried with
 * backoff; it never reaches the customer's request that caused the message.
 */
import { awaitedAddress } from '../bookings/address-owner.ts';
import type { Db, Queryable } from '../db/client.ts';
import type { AccountState, Identity } from '../identity.ts';
import { claimDue, renewLease, retryDelaySeconds } from '../outbox-queue.ts';
import { composeMail, type ComposeSettings, type QueuedMail } from './compose.ts';
import type { RenderedMail } from './message-types.ts';
import type { MailTransport } from './transport.ts';

/**
 * How long a claimed message is left alone: longer than writing one, and, renewed as it is handed to
 * the mail server, longer than the transport's timeouts allow a send to last.
 */
const LEASE_SECONDS = 120;
const BATCH = 20;
/** How many messages one instance hands to the mail server at once (and its connections to it). */
export const SENDERS = 5;

export interface MailSummary {
  sent: number;
  skipped: number;
  failed: number;
}

export interface MailWorkerDeps extends ComposeSettings {
  db: Db;
  identity: Pick<Identity, 'accountStates' | 'passwordSetupLink'>;
  transport: MailTransport;
  /** The domain of the messages' own ids. */
  messageDomain?: string;
}

type ClaimedMail = QueuedMail & { attempts: number; claim_token: string };
const CLAIMED_COLUMNS = 'id, kind, recipient_uid, booking_id, gift_card_id, facts, attempts, claim_token';

/** The row is still this worker's: claimed under its token and not ended by anyone since. */
const HELD = `id = $1 and claim_token = $2 and status = 'pending'`;

/** Records the message as sent; false when the claim was lost meanwhile (the row is left to whoever holds it). */
async function markSent(db: Queryable, mail: ClaimedMail, to: string, messageId: string): Promise<boolean> {
  const rows = await db.query(
    `update mail_outbox set status = 'sent', sent_to = $3, message_id = $4, sent_at = app_now(), last_error = null, updated_at = app_now()
      where ${HELD} returning id`,
    [mail.id, mail.claim_token, to, messageId],
  );
  return rows.length > 0;
}

async function markSkipped(db: Queryable, mail: ClaimedMail, reason: string): Promise<boolean> {
  const rows = await db.query(
    `update mail_outbox set status = 'skipped', skipped_reason = $3, updated_at = app_now() where ${HELD} returning id`,
    [mail.id, mail.claim_token, reason],
  );
  return rows.length > 0;
}

async function markFailed(db: Queryable, mail: ClaimedMail, error: unknown): Promise<void> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const delay = retryDelaySeconds(mail.attempts);
  console.error(`mail ${mail.kind} ${mail.id} failed; retrying in ${delay} s`, { attempts: mail.attempts, error: message });
  // Nobody holds it while it waits to be tried again: a gift's address may be changed meanwhile (../gift-cards/given.ts).
  await db.query(
    `update mail_outbox set last_error = $3, next_attempt_at = app_now() + make_interval(secs => $4), claim_token = null, updated_at = app_now()
      where ${HELD}`,
    [mail.id, mail.claim_token, message, delay],
  );
}

/** The recipients' accounts of a batch, asked of the identity service once for the whole batch. */
type Accounts = Promise<Map<string, AccountState>>;

/** Why a message is not sent to anyone, or the address and the message to send. */
async function prepare(
  deps: MailWorkerDeps,
  db: Queryable,
  mail: ClaimedMail,
  accounts: Accounts,
): Promise<{ skip: string } | { to: string; send: RenderedMail }> {
  // A gift's recipient has no account: the message names its own address.
  if (mail.recipient_uid === null) {
    const composed = await composeMail(db, mail, deps);
    if ('skip' in composed) return composed;
    return composed.to ? { to: composed.to, send: composed.send } : { skip: 'no e-mail address' };
  }
  const account = (await accounts).get(mail.recipient_uid);
  if (!account) return { skip: 'account gone' };
  if (!account.email) return { skip: 'no e-mail address' };
  // A booking waiting for its address's owner is written about to that address only.
  const awaited = mail.booking_id ? await awaitedAddress(db, mail.booking_id, mail.recipient_uid) : null;
  if (awaited !== null && account.email.toLowerCase() !== awaited) return { skip: 'the address booked for is no longer the account’s' };
  // An account the office made has no way to sign in yet, and one that never proved the address its
  // booking waits for must prove it: the confirmation says how to choose a password.
  const addressUnconfirmed = awaited !== null && account.emailVerified !== true;
  // An invitation to the staff is taken up with a proved address: the same link proves it.
  const invitationUnproved = mail.kind === 'staff-invitation' && (account.signsIn === false || account.emailVerified !== true);
  const setup =
    (mail.kind === 'booking-confirmed' && (account.signsIn === false || addressUnconfirmed)) || invitationUnproved
      ? { link: await deps.identity.passwordSetupLink(account.email), addressUnconfirmed }
      : null;
  const composed = await composeMail(db, mail, deps, setup);
  return 'skip' in composed ? composed : { to: account.email, send: composed.send };
}

/**
 * Writes and sends one claimed message while the claim is still this worker's; records what became
 * of it. Never throws.
 */
async function deliver(deps: MailWorkerDeps, db: Queryable, mail: ClaimedMail, accounts: Accounts, summary: MailSummary): Promise<void> {
  try {
    const prepared = await prepare(deps, db, mail, accounts);
    if ('skip' in prepared) {
      if (await markSkipped(db, mail, prepared.skip)) summary.skipped += 1;
      return;
    }
    // Another instance claimed it after this one's lease ran out: it is theirs to send.
    if (!(await renewLease(db, 'mail_outbox', mail.id, mail.claim_token, LEASE_SECONDS))) return;
    const messageId = `<${mail.id}@${deps.messageDomain ?? 'kamasbackcountry.com'}>`;
    await deps.transport.send({ ...prepared.send, to: prepared.to, messageId });
    summary.sent += 1;
    if (!(await markSent(db, mail, prepared.to, messageId))) {
      console.error(`mail ${mail.kind} ${mail.id} was sent after another instance had claimed it`, { attempts: mail.attempts });
    }
  } catch (error) {
    await markFailed(db, mail, error).catch((cannotRecord: unknown) => console.error('could not record a mail failure', cannotRecord));
    summary.failed += 1;
  }
}

/** Runs `work` on every item, at most `limit` at a time. */
async function atMostAtOnce<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** Sends every due message, batch by batch, SENDERS at a time, until none is due. */
export async function sendDueMail(deps: MailWorkerDeps): Promise<MailSummary> {
  const summary: MailSummary = { sent: 0, skipped: 0, failed: 0 };
  // No request waits on the outbox: on the embedded database the requests' statements go first.
  const db = deps.db.background();
  for (;;) {
    const claimed = await claimDue<ClaimedMail & Record<string, unknown>>(db, 'mail_outbox', CLAIMED_COLUMNS, LEASE_SECONDS, BATCH);
    if (claimed.length > 0) {
      // A lookup that fails fails each message of the batch, which is retried.
      const uids = claimed.flatMap((mail) => (mail.recipient_uid === null ? [] : [mail.recipient_uid]));
      const accounts = deps.identity.accountStates([...new Set(uids)]);
      accounts.catch(() => undefined);
      await atMostAtOnce(claimed, SENDERS, (mail) => deliver(deps, db, mail, accounts, summary));
    }
    // Until nothing is due: a message sent may write another due at once (a gift's copy to its buyer).
    if (claimed.length === 0) return summary;
  }
}

/** The outbox's worker in a running API: on a timer, and at once when a request has just written messages. */
export interface Mailer {
  /** Sends what is due soon, without waiting (the request that wrote the messages answers first). */
  kick(): void;
  /** Sends what is due (the timer's round); joins a run already under way, and runs again after it when asked meanwhile. */
  run(): Promise<void>;
  /** The run in flight, if any; resolves when it is done. */
  idle(): Promise<void>;
}

export function mailer(deps: MailWorkerDeps): Mailer {
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = sendDueMail(deps)
      .then(() => undefined)
      .catch((error: unknown) => console.error('sending mail failed; it runs again on the next round', error))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void run();
        }
      });
    return running;
  };
  return {
    run,
    kick: () => void run(),
    idle: async () => {
      while (running) await running;
    },
  };
}
