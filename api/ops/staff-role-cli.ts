/**
 * npm run staff:grant -- EMAIL ROLE --by OPERATOR --reason WHY     gives the account that signs in with EMAIL the role (guide or operator)
 * npm run staff:revoke -- EMAIL ROLE --by OPERATOR --reason WHY    takes it away again; the roster or the console refuses them at once
 * OPERATOR is the e-mail of the operator who runs the command; the change is in the record with WHY.
 */
import { parseArgs } from 'node:util';
import { changeRole } from './role-command.ts';
import { checkedReason, looksLikeEmail } from './operator-command.ts';
import { isStaffRole, STAFF_ROLES } from './staff-role.ts';

const USAGE = `usage: npm run staff:grant -- EMAIL ROLE --by OPERATOR_EMAIL --reason "Why"   or   npm run staff:revoke -- EMAIL ROLE --by OPERATOR_EMAIL --reason "Why", ROLE one of ${STAFF_ROLES.join(', ')}`;

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
const [action, email, role, ...rest] = parsed.positionals;
if ((action !== 'grant' && action !== 'revoke') || !looksLikeEmail(email) || !role || !isStaffRole(role) || rest.length > 0) {
  refuse(
    email && !looksLikeEmail(email) ? ` (not an e-mail address: ${email})` : role && !isStaffRole(role) ? ` (no such role: ${role})` : '',
  );
}
const { by } = parsed.values;
if (!looksLikeEmail(by)) refuse(' (--by names the operator who runs the command, by e-mail)');
const why = checkedReason(parsed.values.reason);
if ('problem' in why) refuse(` (${why.problem})`);
process.exitCode = await changeRole({ action, email, role, by, reason: why.reason });
