/** A stand-in for Stripe's API on a local port: answers payment intents and refunds, and records every request. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  form: URLSearchParams;
}

export interface FakeStripe {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  let next = 0;
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(raw);
      const path = request.url ?? '';
      requests.push({ method: request.method ?? '', path, headers: request.headers, form });
      response.setHeader('Content-Type', 'application/json');
      response.setHeader('Request-Id', `req_${requests.length}`);
      if (request.method === 'POST' && path === '/v1/payment_intents') {
        next += 1;
        const id = `pi_fake_${next}`;
        response.end(
          JSON.stringify({
            id,
            object: 'payment_intent',
            amount: Number(form.get('amount')),
            currency: form.get('currency'),
            client_secret: `${id}_secret_abc`,
            status: 'requires_payment_method',
          }),
        );
      } else if (request.method === 'POST' && path === '/v1/refunds') {
        response.end(
          JSON.stringify({
            id: `re_fake_${requests.length}`,
            object: 'refund',
            payment_intent: form.get('payment_intent'),
            status: 'succeeded',
          }),
        );
      } else {
        response.statusCode = 404;
        response.end(
          JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path})` } }),
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
