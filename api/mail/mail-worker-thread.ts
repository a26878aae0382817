/** The thread that renders and sends the messages for ./mail-thread.ts. */
import { parentPort, workerData } from 'node:worker_threads';
import * as templates from './templates/index.ts';
import type { ThreadAnswer, ThreadJob, ThreadRequest } from './mail-thread.ts';
import { smtpTransport, type MailTransport, type SmtpSettings } from './transport.ts';

const smtp = (workerData as { smtp: SmtpSettings | null }).smtp;
let transport: MailTransport | null = null;

async function work(job: ThreadJob): Promise<unknown> {
  switch (job.kind) {
    case 'render':
      return (templates[job.name] as (facts: unknown) => Promise<unknown>)(job.facts);
    case 'send':
      if (!smtp) throw new Error('no mail server was given to this thread');
      transport ??= smtpTransport(smtp);
      return transport.send(job.mail);
    case 'close':
      transport?.close();
      transport = null;
      return null;
  }
}

parentPort?.on('message', ({ id, job }: ThreadRequest) => {
  work(job).then(
    (result) => parentPort?.postMessage({ id, result } satisfies ThreadAnswer),
    (error: unknown) =>
      parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies ThreadAnswer),
  );
});
