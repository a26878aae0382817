/**
 * npm run mail [-- --all]
 * Lists the messages to customers not yet sent: failing first (with attempts and the mail server's
 * last answer), then pending ones with when they are due. `--all` also lists those sent (to which
 * address, when) and those skipped (and why), newest first.
 */
import { withOperatorDb } from '../db/operator-db.ts';
import { listMail, mailLine } from '../mail/listing.ts';

const args = process.argv.slice(2);
if (args.some((arg) => arg !== '--all')) {
  console.error('usage: npm run mail [-- --all]');
  process.exit(2);
}
const include = args.includes('--all') ? 'all' : 'open';

await withOperatorDb(async (db) => {
  const mails = await listMail(db, { include });
  if (mails.length === 0) {
    console.log(include === 'all' ? 'No messages yet.' : 'No messages waiting: everything due has been sent.');
    return;
  }
  for (const mail of mails) console.log(mailLine(mail));
});
