/**
 * The messages' templates rendered on a thread of their own (./render-worker.ts), so that a rush of
 * messages never holds up the API's requests: React and the conversion of HTML to plain text take
 * milliseconds a message, which on the requests' thread every request would wait behind. The same
 * functions as ./templates/index.ts, each answered by the thread; a thread that dies fails what it
 * was rendering (the mail outbox retries it) and the next message starts a new one.
 */
import { Worker } from 'node:worker_threads';
import * as templates from './templates/index.ts';
import type { RenderedMail } from './message-types.ts';

export type Templates = typeof templates;
type TemplateName = keyof Templates;

/** A message to render, as the thread receives it; its answer carries the same `id`. */
export interface RenderRequest {
  id: number;
  name: TemplateName;
  facts: unknown;
}
export type RenderAnswer = { id: number; rendered: RenderedMail } | { id: number; error: string };

export function renderThread(): Templates {
  let worker: Worker | null = null;
  let next = 0;
  const waiting = new Map<number, { resolve: (rendered: RenderedMail) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    worker = null;
  };
  const started = (): Worker => {
    if (worker) return worker;
    const thread = new Worker(new URL('./render-worker.ts', import.meta.url));
    thread.on('message', (answer: RenderAnswer) => {
      const pending = waiting.get(answer.id);
      waiting.delete(answer.id);
      if ('error' in answer) pending?.reject(new Error(answer.error));
      else pending?.resolve(answer.rendered);
      // An idle thread does not keep the API's process alive.
      if (waiting.size === 0) thread.unref();
    });
    thread.on('error', failAll);
    thread.on('exit', (code) => {
      if (worker === thread) failAll(new Error(`the rendering thread stopped (${code})`));
    });
    worker = thread;
    return thread;
  };
  const render = (name: TemplateName, facts: unknown) =>
    new Promise<RenderedMail>((resolve, reject) => {
      const thread = started();
      const id = next++;
      waiting.set(id, { resolve, reject });
      thread.ref();
      thread.postMessage({ id, name, facts } satisfies RenderRequest);
    });
  return Object.fromEntries(
    (Object.keys(templates) as TemplateName[]).map((name) => [name, (facts: unknown) => render(name, facts)]),
  ) as unknown as Templates;
}
