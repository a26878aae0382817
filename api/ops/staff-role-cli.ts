/**
 * npm run staff:grant -- EMAIL ROLE     gives the account that signs in with EMAIL the role (guide or operator)
 * npm run staff:revoke -- EMAIL ROLE    takes it away again; the roster or the console refuses them at once
 */
import { changeRole, looksLikeEmail } from './role-command.ts';
import { isStaffRole, STAFF_ROLES } from './staff-role.ts';

const [action, email, role, ...rest] = process.argv.slice(2);
if ((action !== 'grant' && action !== 'revoke') || !looksLikeEmail(email) || !role || !isStaffRole(role) || rest.length > 0) {
  const why =
    email && !looksLikeEmail(email) ? ` (not an e-mail address: ${email})` : role && !isStaffRole(role) ? ` (no such role: ${role})` : '';
  console.error(
    `usage: npm run staff:grant -- EMAIL ROLE   or   npm run staff:revoke -- EMAIL ROLE, ROLE one of ${STAFF_ROLES.join(', ')}${why}`,
  );
  process.exit(2);
}
process.exitCode = await changeRole(action, email, role);
