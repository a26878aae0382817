/**
 * The messages rendered and handed to the mail server on a thread of their own
 * (./mail-worker-thread.ts), so that a rush of messages never holds up the API's requests: React,
 * the conversion of HTML to plain text, the calendar file, the building of the MIME message and the
 * SMTP conversation take milliseconds a message, which on the requests' thread every request would
 * wait behind. The thread answers the same functions as ./templates/index.ts, and sends as
 * ./transport.ts does (its pooled connections live on the thread). A thread that dies fails what it
 * was doing (the mail outbox retries it) and the next message starts a new one.
 */
import { Worker } from 'node:worker_threads';
import * as templates from './templates/index.ts';
import type { RenderedMail } from './message-types.ts';
import type { MailTransport, OutgoingMail, SmtpSettings } from './transport.ts';

export type Templates = typeof templates;
type TemplateName = keyof Templates;

/** Work for the thread: a message to render, a message to send, or its connections to close. */
export type ThreadJob = { kind: 'render'; name: TemplateName; facts: unknown } | { kind: 'send'; mail: OutgoingMail } | { kind: 'close' };
/** A job as the thread receives it; its answer carries the same `id`. */
export interface ThreadRequest {
  id: number;
  job: ThreadJob;
}
export type ThreadAnswer = { id: number; result: unknown } | { id: number; error: string };

export interface MailThread {
  templates: Templates;
  /** Sends over SMTP from the thread (with the settings the thread was made with). */
  transport: MailTransport;
}

export function mailThread(smtp: SmtpSettings | null = null): MailThread {
  let worker: Worker | null = null;
  let next = 0;
  const waiting = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    worker = null;
  };
  const started = (): Worker => {
    if (worker) return worker;
    // React's production build whatever the API's mode: the messages are the same, at half the work
    // (the development build's checks run where the templates' tests render them).
    const thread = new Worker(new URL('./mail-worker-thread.ts', import.meta.url), {
      env: { ...process.env, NODE_ENV: 'production' },
      workerData: { smtp },
    });
    thread.on('message', (answer: ThreadAnswer) => {
      const pending = waiting.get(answer.id);
      waiting.delete(answer.id);
      if ('error' in answer) pending?.reject(new Error(answer.error));
      else pending?.resolve(answer.result);
      // An idle thread does not keep the API's process alive.
      if (waiting.size === 0) thread.unref();
    });
    thread.on('error', failAll);
    thread.on('exit', (code) => {
      if (worker === thread) failAll(new Error(`the mail thread stopped (${code})`));
    });
    worker = thread;
    return thread;
  };
  const ask = <T>(job: ThreadJob) =>
    new Promise<T>((resolve, reject) => {
      const thread = started();
      const id = next++;
      waiting.set(id, { resolve: resolve as (result: unknown) => void, reject });
      thread.ref();
      thread.postMessage({ id, job } satisfies ThreadRequest);
    });
  const render = (name: TemplateName, facts: unknown) => ask<RenderedMail>({ kind: 'render', name, facts });
  return {
    templates: Object.fromEntries(
      (Object.keys(templates) as TemplateName[]).map((name) => [name, (facts: unknown) => render(name, facts)]),
    ) as unknown as Templates,
    transport: {
      send: (mail) => {
        if (!smtp) return Promise.reject(new Error('this mail thread was made without a mail server'));
        return ask<string>({ kind: 'send', mail });
      },
      close: () => {
        if (worker) void ask({ kind: 'close' }).catch(() => undefined);
      },
    },
  };
}
