/**
 * npm run guide:grant -- EMAIL --by OPERATOR --reason WHY     makes the account that signs in with EMAIL a guide
 * npm run guide:revoke -- EMAIL --by OPERATOR --reason WHY    takes the role away again; the roster refuses them at once
 * The same as `npm run staff:grant -- EMAIL guide ...` (staff-role-cli.ts).
 */
import { changeRole } from './role-command.ts';
import { byOption, looksLikeEmail, readCommand, type Refuse, reasonOption } from './operator-command.ts';

const USAGE =
  'usage: npm run guide:grant -- EMAIL --by OPERATOR_EMAIL --reason "Why"   or   npm run guide:revoke -- EMAIL --by OPERATOR_EMAIL --reason "Why"';

const { values, positionals, ...command } = readCommand(USAGE, { by: { type: 'string' }, reason: { type: 'string' } });
// Annotated, so that the code after a refusal knows it ended the command.
const refuse: Refuse = command.refuse;
const [action, email, ...rest] = positionals;
if ((action !== 'grant' && action !== 'revoke') || !looksLikeEmail(email) || rest.length > 0) {
  refuse(email && !looksLikeEmail(email) ? `not an e-mail address: ${email}` : '');
}
const by = byOption(values.by, refuse);
process.exitCode = await changeRole({ action, email, role: 'guide', by, reason: reasonOption(values.reason, refuse) });
