/**
 * npm run staff:grant -- EMAIL ROLE --by OPERATOR --reason WHY     gives the account that signs in with EMAIL the role (guide or operator)
 * npm run staff:revoke -- EMAIL ROLE --by OPERATOR --reason WHY    takes it away again; the roster or the console refuses them at once
 * OPERATOR is the e-mail of the operator who runs the command; the change is in the record with WHY.
 */
import { changeRole } from './role-command.ts';
import { byOption, looksLikeEmail, readCommand, type Refuse, reasonOption } from './operator-command.ts';
import { isStaffRole, STAFF_ROLES } from './staff-role.ts';

const USAGE = `usage: npm run staff:grant -- EMAIL ROLE --by OPERATOR_EMAIL --reason "Why"   or   npm run staff:revoke -- EMAIL ROLE --by OPERATOR_EMAIL --reason "Why", ROLE one of ${STAFF_ROLES.join(', ')}`;

const { values, positionals, ...command } = readCommand(USAGE, { by: { type: 'string' }, reason: { type: 'string' } });
// Annotated, so that the code after a refusal knows it ended the command.
const refuse: Refuse = command.refuse;
const [action, email, role, ...rest] = positionals;
if ((action !== 'grant' && action !== 'revoke') || !looksLikeEmail(email) || !role || !isStaffRole(role) || rest.length > 0) {
  refuse(email && !looksLikeEmail(email) ? `not an e-mail address: ${email}` : role && !isStaffRole(role) ? `no such role: ${role}` : '');
}
const by = byOption(values.by, refuse);
process.exitCode = await changeRole({ action, email, role, by, reason: reasonOption(values.reason, refuse) });
