/**
 * The links the Auth emulator "sends" by e-mail (verify an address, confirm a new sign-in address),
 * read from its out-of-band code list and followed as the person would follow them.
 */

type OobRequest = 'VERIFY_EMAIL' | 'VERIFY_AND_CHANGE_EMAIL' | 'PASSWORD_RESET';

interface OobCode {
  email: string;
  /** The address a change of sign-in e-mail goes to, where the link is mailed. */
  newEmail?: string;
  requestType: OobRequest;
  oobLink: string;
}

/** The newest link of a kind sent to `email` (for a change of e-mail, the new address); throws when none was sent. */
export async function latestLink(emulatorHost: string, projectId: string, email: string, requestType: OobRequest): Promise<string> {
  const response = await fetch(`http://${emulatorHost}/emulator/v1/projects/${projectId}/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
  const to = (code: OobCode) => (code.requestType === 'VERIFY_AND_CHANGE_EMAIL' ? code.newEmail : code.email) ?? '';
  const sent = oobCodes.filter((code) => to(code).toLowerCase() === email.toLowerCase() && code.requestType === requestType);
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
