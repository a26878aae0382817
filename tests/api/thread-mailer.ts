/** The mail worker of a test, as a running API has it: messages rendered and sent on a thread of their own, to `smtpUrl`. */
import { firebaseIdentity } from '../../api/identity.ts';
import { mailThread } from '../../api/mail/mail-thread.ts';
import type { MailWorkerDeps } from '../../api/mail/worker.ts';
import { currentWaiverEdition } from '../../api/users/waiver-edition.ts';
import { PROJECT_ID, type Harness } from './harness.ts';

/** The site the messages link to. */
export const SITE = 'http://127.0.0.1:4322';

export function threadMailer(h: Harness, smtpUrl: string): MailWorkerDeps {
  const thread = mailThread({ url: smtpUrl, from: 'Kamas Backcountry Guides <bookings@kamas.test>', replyTo: 'hello@kamas.test' });
  return {
    db: h.db,
    identity: firebaseIdentity(PROJECT_ID),
    transport: thread.transport,
    templates: thread.templates,
    siteUrl: SITE,
    waiverVersion: currentWaiverEdition.version,
  };
}
