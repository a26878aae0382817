/**
 * A stand-in for Stripe's API on a local port: answers payment intents, their cancellation and
 * refunds, and records every request. Refunds and cancellations can be made to fail a number of
 * times, and an intent can be put in a state (succeeded, canceled) where Stripe refuses to cancel it.
 * A charge can be refunded in part from the dashboard or disputed, after which Stripe refuses, as it
 * does, a refund of more than is left, and any refund of the disputed charge.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
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
  /** Requests to a path, in the order they came. */
  requestsTo(path: string): RecordedRequest[];
  /** Sets an intent's status as Stripe would after the customer pays (`succeeded`) or it is cancelled. */
  setIntentStatus(intentId: string, status: 'succeeded' | 'canceled' | 'requires_payment_method'): void;
  /** The next `times` refund requests fail with a 500 that Stripe marks not to be retried by the client library. */
  failRefunds(times: number): void;
  /** The next `times` cancellation requests fail the same way. */
  failCancels(times: number): void;
  /** Someone gives back `amount` cents of an intent's charge in Stripe's dashboard. */
  refundInDashboard(intentId: string, amount: number): void;
  /** The cardholder disputes an intent's charge. */
  dispute(intentId: string): void;
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.statusCode = status;
  response.end(JSON.stringify(body));
}

/** Stripe's answer to a request it will never accept as it stands (HTTP 400). */
function invalid(response: ServerResponse, error: { code?: string; param?: string; message: string }) {
  send(response, 400, { error: { type: 'invalid_request_error', ...error } });
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A failure Stripe's client library does not retry on its own, so each one is one attempt of the caller's. */
function outage(response: ServerResponse) {
  response.setHeader('Stripe-Should-Retry', 'false');
  send(response, 500, { error: { type: 'api_error', message: 'Stripe is having a bad day (fake outage)' } });
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, { amount: number; currency: string; status: string }>();
  /** Cents given back from the dashboard, and disputed charges, by intent. */
  const dashboardRefunds = new Map<string, number>();
  const disputed = new Set<string>();
  let next = 0;
  let refundFailures = 0;
  let cancelFailures = 0;
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(raw);
      const path = request.url ?? '';
      requests.push({ method: request.method ?? '', path, headers: request.headers, form });
      response.setHeader('Content-Type', 'application/json');
      response.setHeader('Request-Id', `req_${requests.length}`);
      const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
      if (request.method === 'POST' && path === '/v1/payment_intents') {
        next += 1;
        const id = `pi_fake_${next}`;
        const intent = { amount: Number(form.get('amount')), currency: form.get('currency') ?? '', status: 'requires_payment_method' };
        intents.set(id, intent);
        send(response, 200, { id, object: 'payment_intent', ...intent, client_secret: `${id}_secret_abc` });
      } else if (request.method === 'POST' && cancel?.[1]) {
        const id = decodeURIComponent(cancel[1]);
        const intent = intents.get(id);
        if (cancelFailures > 0) {
          cancelFailures -= 1;
          outage(response);
        } else if (!intent) {
          send(response, 404, {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${id}'` },
          });
        } else if (intent.status === 'succeeded' || intent.status === 'canceled') {
          send(response, 400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            },
          });
        } else {
          intent.status = 'canceled';
          send(response, 200, { id, object: 'payment_intent', ...intent });
        }
      } else if (request.method === 'POST' && path === '/v1/refunds') {
        if (refundFailures > 0) {
          refundFailures -= 1;
          outage(response);
          return;
        }
        const intentId = form.get('payment_intent') ?? '';
        const charge = `ch_${intentId.replace(/^pi_/, '')}`;
        if (disputed.has(intentId)) {
          invalid(response, { code: 'charge_disputed', message: `Charge ${charge} has been charged back; cannot issue a refund.` });
          return;
        }
        const given = dashboardRefunds.get(intentId);
        const intent = intents.get(intentId);
        if (given !== undefined && intent) {
          const left = intent.amount - given;
          const asked = form.has('amount') ? Number(form.get('amount')) : left;
          if (left <= 0) {
            invalid(response, { code: 'charge_already_refunded', message: `Charge ${charge} has already been refunded.` });
            return;
          }
          if (asked > left) {
            invalid(response, {
              param: 'amount',
              message: `Refund amount (${dollars(asked)}) is greater than unrefunded amount on charge (${dollars(left)})`,
            });
            return;
          }
        }
        send(response, 200, {
          id: `re_fake_${requests.length}`,
          object: 'refund',
          payment_intent: form.get('payment_intent'),
          status: 'succeeded',
        });
      } else {
        send(response, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path})` } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    requestsTo: (path) => requests.filter((request) => request.path === path),
    setIntentStatus: (intentId, status) => {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`the fake Stripe made no intent ${intentId}`);
      intent.status = status;
    },
    failRefunds: (times) => {
      refundFailures = times;
    },
    failCancels: (times) => {
      cancelFailures = times;
    },
    refundInDashboard: (intentId, amount) => {
      dashboardRefunds.set(intentId, (dashboardRefunds.get(intentId) ?? 0) + amount);
    },
    dispute: (intentId) => {
      disputed.add(intentId);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
