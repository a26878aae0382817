/**
 * The local stack's delivery of the Auth emulator's e-mails (scripts/emulator-mail.ts): each link
 * the emulator would have mailed (confirm an address, choose a new password) reaches the mail
 * catcher once, addressed to the person, with the link in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverNewLinks, oobCodes, type EmulatorMail } from '../../scripts/emulator-mail.ts';
import { latestLink } from '../support/emulator-links.ts';
import { smtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { newUser, PROJECT_ID } from './harness.ts';

const EMULATOR = process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '';
let smtp: SmtpCatcher;
let settings: EmulatorMail;
beforeAll(async () => {
  smtp = await smtpCatcher();
  settings = { emulatorHost: EMULATOR, projectId: PROJECT_ID, smtpUrl: smtp.url };
});
afterAll(() => smtp.close());

async function askFor(body: Record<string, string>): Promise<void> {
  const response = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
}

describe("the Auth emulator's e-mails in the local inbox", () => {
  it('delivers the link that confirms a new address and the one that sets a new password, each once', async () => {
    // What the emulator held before (other tests' links) was delivered earlier.
    const sent = new Set((await oobCodes(EMULATOR, PROJECT_ID)).map((code) => code.oobCode));
    const customer = await newUser();
    await askFor({ requestType: 'VERIFY_EMAIL', idToken: customer.token });
    await askFor({ requestType: 'PASSWORD_RESET', email: customer.email });
    expect(await deliverNewLinks(settings, sent)).toBeGreaterThanOrEqual(2);

    const mails = smtp.to(customer.email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Choose a new password for Kamas Backcountry Guides',
      'Confirm your e-mail address for Kamas Backcountry Guides',
    ]);
    const confirm = mails.find((mail) => mail.subject?.startsWith('Confirm'));
    expect(confirm?.text).toContain(await latestLink(EMULATOR, PROJECT_ID, customer.email, 'VERIFY_EMAIL'));

    // The next round sends nothing again.
    await deliverNewLinks(settings, sent);
    expect(smtp.to(customer.email)).toHaveLength(2);
  });
});
