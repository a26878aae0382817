/**
 * The Auth emulator's e-mails, delivered: the emulator sends nothing (a live project's identity
 * service mails these links itself), it keeps each link it would have sent in its out-of-band code
 * list. This reads the list every second and hands each new link to the local mail catcher, so the
 * e-mail that confirms an address, sets a new password or confirms a new sign-in e-mail lands in
 * the local inbox beside the site's own messages, and nobody copies links out of a terminal.
 * Run by npm run dev and npm start (scripts/stack.ts), and by the browser tests' stack.
 *
 * Settings (environment): FIREBASE_AUTH_EMULATOR_HOST and FIREBASE_PROJECT_ID (the local stack's
 * unless given), SMTP_URL (the local mail catcher unless given).
 */
import nodemailer from 'nodemailer';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { LOCAL_AUTH_EMULATOR, LOCAL_PROJECT_ID } from '../api/cli/identity-target.ts';
import { LOCAL_MAIL_CATCHER } from '../api/env.ts';
import { site } from '../shared/company/site.ts';

export type OobRequest = 'VERIFY_EMAIL' | 'VERIFY_AND_CHANGE_EMAIL' | 'PASSWORD_RESET';

/** A link the emulator would have mailed. */
export interface OobCode {
  email: string;
  /** The address a change of sign-in e-mail goes to, where the link is mailed. */
  newEmail?: string;
  requestType: OobRequest;
  oobCode: string;
  oobLink: string;
}

/** Every link the emulator has "sent" since it started, oldest first. */
export async function oobCodes(emulatorHost: string, projectId: string): Promise<OobCode[]> {
  const response = await fetch(`http://${emulatorHost}/emulator/v1/projects/${projectId}/oobCodes`);
  if (!response.ok) throw new Error(`the Auth emulator answered ${response.status}`);
  return ((await response.json()) as { oobCodes?: OobCode[] }).oobCodes ?? [];
}

/** Where the link is mailed: for a change of sign-in e-mail, the new address. */
export const recipientOf = (code: OobCode): string => (code.requestType === 'VERIFY_AND_CHANGE_EMAIL' ? code.newEmail : code.email) ?? '';

/** What each link's e-mail says, as a live project's templates would. */
const WORDS: Record<OobRequest, { subject: string; body: string }> = {
  VERIFY_EMAIL: {
    subject: `Confirm your e-mail address for ${site.name}`,
    body: 'Follow this link to confirm that this address is yours:',
  },
  PASSWORD_RESET: {
    subject: `Choose a new password for ${site.name}`,
    body: 'Follow this link to choose a new password. If you did not ask for one, ignore this e-mail.',
  },
  VERIFY_AND_CHANGE_EMAIL: {
    subject: `Confirm your new sign-in e-mail for ${site.name}`,
    body: 'Follow this link to sign in with this address from now on:',
  },
};

export interface EmulatorMail {
  emulatorHost: string;
  projectId: string;
  smtpUrl: string;
}

/** Delivers the links not delivered before; gives back how many it sent. The `sent` set carries what was delivered between rounds. */
export async function deliverNewLinks(settings: EmulatorMail, sent: Set<string>, transport = nodemailer.createTransport(settings.smtpUrl)) {
  let count = 0;
  for (const code of await oobCodes(settings.emulatorHost, settings.projectId)) {
    const words = WORDS[code.requestType] as (typeof WORDS)[OobRequest] | undefined;
    if (sent.has(code.oobCode) || !recipientOf(code) || !words) continue;
    await transport.sendMail({
      from: `${site.name} <accounts@kamasbackcountry.local>`,
      to: recipientOf(code),
      subject: words.subject,
      text: `${words.body}\n\n${code.oobLink}\n\n${site.name}`,
    });
    sent.add(code.oobCode);
    count += 1;
  }
  return count;
}

async function main(): Promise<void> {
  const settings: EmulatorMail = {
    emulatorHost: process.env['FIREBASE_AUTH_EMULATOR_HOST'] || LOCAL_AUTH_EMULATOR,
    projectId: process.env['FIREBASE_PROJECT_ID'] || LOCAL_PROJECT_ID,
    smtpUrl: process.env['SMTP_URL'] || LOCAL_MAIL_CATCHER,
  };
  const transport = nodemailer.createTransport(settings.smtpUrl);
  // Links from before this started (an emulator kept running across several stacks) are not sent again.
  let sent: Set<string> | null = null;
  let quiet = false;
  for (;;) {
    try {
      if (sent) await deliverNewLinks(settings, sent, transport);
      else sent = new Set((await oobCodes(settings.emulatorHost, settings.projectId)).map((code) => code.oobCode));
      quiet = false;
    } catch (error) {
      // The emulator or the catcher is still starting (or stopping): the next round tries again.
      if (!quiet) console.error(`identity e-mails wait: ${error instanceof Error ? error.message : String(error)}`);
      quiet = true;
    }
    await sleep(1000);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
