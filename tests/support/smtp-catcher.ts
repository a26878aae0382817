/** A mail server in the test's own process: it takes (or refuses) what the site sends and keeps each message, parsed. */
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface SmtpCatcher {
  url: string;
  messages: ParsedMail[];
  /** When each message of `messages` had arrived whole (performance.now()), in the same order. */
  arrivedAt: number[];
  /** While set, every message is refused with this reply. */
  refuse: string | null;
  /** The messages to one address. */
  to(address: string): ParsedMail[];
  close(): Promise<void>;
}

/** `answerAfterMs`: how long the server takes to answer each message it has received, as a busy provider's does. */
export async function smtpCatcher({ answerAfterMs = 0 }: { answerAfterMs?: number } = {}): Promise<SmtpCatcher> {
  const catcher: SmtpCatcher = {
    url: '',
    messages: [],
    arrivedAt: [],
    refuse: null,
    to: (address) =>
      catcher.messages.filter((message) =>
        [message.to].flat().some((to) => to?.value.some((one) => one.address?.toLowerCase() === address.toLowerCase())),
      ),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (catcher.refuse) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error(catcher.refuse ?? 'refused'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          catcher.messages.push(parsed);
          catcher.arrivedAt.push(performance.now());
          if (answerAfterMs > 0) setTimeout(callback, answerAfterMs);
          else callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  catcher.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return catcher;
}
