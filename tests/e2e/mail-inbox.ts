/** The test stack's mail catcher, read as a customer reads their inbox. */
import type { APIRequestContext } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import { expect } from './fixtures.ts';

export interface CaughtMail {
  subject: string;
  text: string;
  to: { address: string }[];
  attachments: { fileName?: string; generatedFileName?: string; contentType?: string }[];
}

/** The first message to `address` whose subject matches, once it has arrived. */
export async function mailTo(request: APIRequestContext, address: string, subject: RegExp): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const inbox = (await (await request.get(`${E2E.mailInbox}/api/email`)).json()) as CaughtMail[];
        found = inbox.find((mail) => mail.to.some((to) => to.address === address) && subject.test(mail.subject));
        return Boolean(found);
      },
      { timeout: 20_000, message: `a message to ${address} matching ${subject}` },
    )
    .toBe(true);
  return found as CaughtMail;
}
