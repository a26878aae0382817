/**
 * Sends the mail outbox. Several API instances may run it at once: each claims due rows with
 * `for update skip locked` and leases them while it writes and sends, so a message is sent by one
 * instance at a time, and picked up again if that instance dies mid-way. A message goes to the
 * recipient's sign-in e-mail as the identity service has it when it is sent. A failure (the mail
 * server refused or could not be reached) is kept on the row and retried with backoff; it never
 * reaches the customer's request that caused the message.
 */
import type { Db } from '../db/client.ts';
import type { Identity } from '../identity.ts';
import { claimDue } from '../outbox/claim.ts';
import { retryDelaySeconds } from '../outbox/worker.ts';
import { composeMail, type ComposeSettings, type QueuedMail } from './compose.ts';
import type { RenderedMail } from './message-types.ts';
import type { MailTransport } from './transport.ts';

/** How long a claimed message is left alone: longer than writing and sending one. */
const LEASE_SECONDS = 120;
const BATCH = 20;

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

type ClaimedMail = QueuedMail & { attempts: number };
const CLAIMED_COLUMNS = 'id, kind, recipient_uid, booking_id, facts, attempts';

async function markSent(db: Db, id: string, to: string, messageId: string): Promise<void> {
  await db.query(
    `update mail_outbox set status = 'sent', sent_to = $2, message_id = $3, sent_at = now(), last_error = null, updated_at = now() where id = $1`,
    [id, to, messageId],
  );
}

async function markSkipped(db: Db, id: string, reason: string): Promise<void> {
  await db.query(`update mail_outbox set status = 'skipped', skipped_reason = $2, updated_at = now() where id = $1`, [id, reason]);
}

async function markFailed(db: Db, mail: ClaimedMail, error: unknown): Promise<void> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const delay = retryDelaySeconds(mail.attempts);
  console.error(`mail ${mail.kind} ${mail.id} failed; retrying in ${delay} s`, { attempts: mail.attempts, error: message });
  await db.query(
    `update mail_outbox set last_error = $2, next_attempt_at = now() + make_interval(secs => $3), updated_at = now() where id = $1`,
    [mail.id, message, delay],
  );
}

/** Why a message is not sent to anyone, or the address and the message to send. */
async function prepare(deps: MailWorkerDeps, mail: ClaimedMail): Promise<{ skip: string } | { to: string; send: RenderedMail }> {
  const account = (await deps.identity.accountStates([mail.recipient_uid])).get(mail.recipient_uid);
  if (!account) return { skip: 'account gone' };
  if (!account.email) return { skip: 'no e-mail address' };
  // An account the office made has no way to sign in yet: its confirmation says how to choose a password.
  const setupLink =
    mail.kind === 'booking-confirmed' && account.signsIn === false ? await deps.identity.passwordSetupLink(account.email) : null;
  const composed = await composeMail(deps.db, mail, deps, setupLink);
  return 'skip' in composed ? composed : { to: account.email, send: composed.send };
}

/** Writes and sends one claimed message; records what became of it. Never throws. */
async function deliver(deps: MailWorkerDeps, mail: ClaimedMail, summary: MailSummary): Promise<void> {
  try {
    const prepared = await prepare(deps, mail);
    if ('skip' in prepared) {
      await markSkipped(deps.db, mail.id, prepared.skip);
      summary.skipped += 1;
      return;
    }
    const messageId = `<${mail.id}@${deps.messageDomain ?? 'kamasbackcountry.com'}>`;
    await deps.transport.send({ ...prepared.send, to: prepared.to, messageId });
    await markSent(deps.db, mail.id, prepared.to, messageId);
    summary.sent += 1;
  } catch (error) {
    await markFailed(deps.db, mail, error).catch((cannotRecord: unknown) => console.error('could not record a mail failure', cannotRecord));
    summary.failed += 1;
  }
}

/** Sends every due message, batch by batch. */
export async function sendDueMail(deps: MailWorkerDeps): Promise<MailSummary> {
  const summary: MailSummary = { sent: 0, skipped: 0, failed: 0 };
  for (;;) {
    const claimed = await claimDue<ClaimedMail & Record<string, unknown>>(deps.db, 'mail_outbox', CLAIMED_COLUMNS, LEASE_SECONDS, BATCH);
    for (const mail of claimed) await deliver(deps, mail, summary);
    if (claimed.length < BATCH) return summary;
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
