/**
 * npm run guide:grant -- EMAIL --by OPERATOR --reason WHY     makes the account that signs in with EMAIL a guide
 * npm run guide:revoke -- EMAIL --by OPERATOR --reason WHY    takes the role away again; the roster refuses them at once
 * The same as `npm run staff:grant -- EMAIL guide ...` (staff-role-cli.ts).
 */
import { parseArgs } from 'node:util';
import { changeRole } from './role-command.ts';
import { checkedReason, looksLikeEmail } from './operator-command.ts';

const USAGE =
  'usage: npm run guide:grant -- EMAIL --by OPERATOR_EMAIL --reason "Why"   or   npm run guide:revoke -- EMAIL --by OPERATOR_EMAIL --reason "Why"';

function refuse(why = ''): never {
  console.error(`${USAGE}${why}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    args: process.argv.slice(2),
    options: { by: { type: 'string' }, reason: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
} catch (error) {
  refuse(` (${error instanceof Error ? error.message : String(error)})`);
}
const [action, email, ...rest] = parsed.positionals;
if ((action !== 'grant' && action !== 'revoke') || !looksLikeEmail(email) || rest.length > 0) {
  refuse(email && !looksLikeEmail(email) ? ` (not an e-mail address: ${email})` : '');
}
const { by } = parsed.values;
if (!looksLikeEmail(by)) refuse(' (--by names the operator who runs the command, by e-mail)');
const why = checkedReason(parsed.values.reason);
if ('problem' in why) refuse(` (${why.problem})`);
process.exitCode = await changeRole({ action, email, role: 'guide', by, reason: why.reason });
