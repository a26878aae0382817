/**
 * The links the Auth emulator "sends" by e-mail (verify an address, confirm a new sign-in address),
 * read from its out-of-band code list and followed as the person would follow them.
 */
import { oobCodes, recipientOf, type OobRequest } from '../../scripts/emulator-mail.ts';

/** The newest link of a kind sent to `email` (for a change of e-mail, the new address); throws when none was sent. */
export async function latestLink(emulatorHost: string, projectId: string, email: string, requestType: OobRequest): Promise<string> {
  const sent = (await oobCodes(emulatorHost, projectId)).filter(
    (code) => recipientOf(code).toLowerCase() === email.toLowerCase() && code.requestType === requestType,
  );
  const link = sent.at(-1)?.oobLink;
  if (!link) throw new Error(`no ${requestType} link was sent to ${email}`);
  return link;
}

/** Opens a link from the emulator's mail, as a click in the person's inbox would; throws when it did not work. */
export async function followLink(link: string): Promise<void> {
  const response = await fetch(link, { redirect: 'manual' });
  if (response.status >= 400) throw new Error(`the link failed: ${response.status} ${await response.text()}`);
}

/** Asks for the verification mail of a signed-in account (ID token) and follows its link. */
export async function verifyEmail(emulatorHost: string, projectId: string, idToken: string, email: string): Promise<void> {
  const sent = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ requestType: 'VERIFY_EMAIL', idToken }),
  });
  if (!sent.ok) throw new Error(`asking for the verification mail failed: ${sent.status} ${await sent.text()}`);
  await followLink(await latestLink(emulatorHost, projectId, email, 'VERIFY_EMAIL'));
}
