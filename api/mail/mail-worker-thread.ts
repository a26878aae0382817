/** The thread that renders the messages' templates for ./render-thread.ts. */
import { parentPort } from 'node:worker_threads';
import * as templates from './templates/index.ts';
import type { RenderAnswer, RenderRequest } from './render-thread.ts';

parentPort?.on('message', ({ id, name, facts }: RenderRequest) => {
  const template = templates[name] as (facts: unknown) => ReturnType<(typeof templates)[typeof name]>;
  template(facts).then(
    (rendered) => parentPort?.postMessage({ id, rendered } satisfies RenderAnswer),
    (error: unknown) =>
      parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies RenderAnswer),
  );
});
