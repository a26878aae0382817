/**
 * npm run guide:grant -- EMAIL     makes the account that signs in with EMAIL a guide
 * npm run guide:revoke -- EMAIL    takes the role away again; the roster refuses them at once
 * The same as `npm run staff:grant -- EMAIL guide` (staff-role-cli.ts).
 */
import { changeRole, looksLikeEmail } from './role-command.ts';

const [action, email, ...rest] = process.argv.slice(2);
if ((action !== 'grant' && action !== 'revoke') || !looksLikeEmail(email) || rest.length > 0) {
  console.error(
    `usage: npm run guide:grant -- EMAIL   or   npm run guide:revoke -- EMAIL${email ? ` (not an e-mail address: ${email})` : ''}`,
  );
  process.exit(2);
}
process.exitCode = await changeRole(action, email, 'guide');
