import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A checkout session as the double made it. */
export interface DoubleSession {
  id: string;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  idempotencyKey: string | null;
  successUrl: string;
  cancelUrl: string;
  /** When Stripe would expire the page (seconds since 1970; null when none was asked). */
  expiresAt: number | null;
  /** open until paid (complete) or expired, as Stripe's `status`. */
  status: 'open' | 'complete' | 'expired';
}

/** A refund as the double made it (a repeated Idempotency-Key answers the first again). */
export interface DoubleRefund {
  id: string;
  paymentIntent: string;
  amount: number;
  idempotencyKey: string | null;
}

/** Where the stand-in page delivers a payment: Kreide's webhook and the secret it checks. */
export interface DoubleWebhook {
  url: string;
  secret: string;
}

/** Text put into the stand-in page, escaped. */
function html(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A local stand-in for the part of Stripe's API Kreide uses (creating Checkout Sessions), with a
 * stand-in payment page: the official `stripe` package is pointed at it through STRIPE_API_URL.
 * Like Stripe, a repeated Idempotency-Key answers the first session again. With `webhook`, the
 * stand-in page has a pay button that does what Stripe does after a card payment: it sends the
 * signed `checkout.session.completed` event to Kreide and sends the buyer to the success URL
 * (cancel goes back to the cancel URL).
 */
export async function startStripeDouble(options: { port?: number; webhook?: DoubleWebhook } = {}) {
  const sessions: DoubleSession[] = [];
  // Session ids unique beyond this double's life, as Stripe's are: the browser journeys start a
  // new double on each run against a database that keeps the orders of earlier runs, whose
  // provider references are unique.
  const idBase = Date.now();
  const refunds: DoubleRefund[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://double');
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const form = new URLSearchParams(body);
        const key = (request.headers['idempotency-key'] as string | undefined) ?? null;
        let session = key ? sessions.find((candidate) => candidate.idempotencyKey === key) : undefined;
        if (!session) {
          const metadata: Record<string, string> = {};
          for (const [name, value] of form) {
            const match = /^metadata\[(.+)\]$/.exec(name);
            if (match) metadata[match[1]!] = value;
          }
          session = {
            id: `cs_test_${idBase}${sessions.length + 1}`,
            amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
            currency: form.get('line_items[0][price_data][currency]') ?? '',
            metadata,
            idempotencyKey: key,
            successUrl: form.get('success_url') ?? '',
            cancelUrl: form.get('cancel_url') ?? '',
            expiresAt: form.has('expires_at') ? Number(form.get('expires_at')) : null,
            status: 'open',
          };
          sessions.push(session);
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(view(session)));
        return;
      }
      const retrieved = sessions.find((candidate) => url.pathname === `/v1/checkout/sessions/${candidate.id}`);
      if (request.method === 'GET' && retrieved) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(view(retrieved)));
        return;
      }
      const expiring = sessions.find((candidate) => url.pathname === `/v1/checkout/sessions/${candidate.id}/expire`);
      if (request.method === 'POST' && expiring) {
        // Like Stripe: only an open session can be expired.
        if (currentStatus(expiring) !== 'open') {
          response.writeHead(400, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({
              error: {
                type: 'invalid_request_error',
                message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${currentStatus(expiring)}".`,
              },
            }),
          );
          return;
        }
        expiring.status = 'expired';
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(view(expiring)));
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        const form = new URLSearchParams(body);
        const key = (request.headers['idempotency-key'] as string | undefined) ?? null;
        let refund = key ? refunds.find((candidate) => candidate.idempotencyKey === key) : undefined;
        if (!refund) {
          refund = {
            id: `re_test_${refunds.length + 1}`,
            paymentIntent: form.get('payment_intent') ?? '',
            amount: Number(form.get('amount')),
            idempotencyKey: key,
          };
          refunds.push(refund);
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ id: refund.id, object: 'refund', amount: refund.amount, status: 'succeeded' }));
        return;
      }
      const session = sessions.find(
        (candidate) => url.pathname === `/pay/${candidate.id}` || url.pathname === `/pay/${candidate.id}/complete`,
      );
      if (session && url.pathname.startsWith('/pay/') && currentStatus(session) !== 'open') {
        // Stripe shows an expired or paid page, with nothing to pay.
        response.writeHead(410, { 'content-type': 'text/html; charset=utf-8' });
        response.end(`<!doctype html><title>Expired</title><h1>This page is ${currentStatus(session)}</h1>`);
        return;
      }
      if (request.method === 'GET' && url.pathname.startsWith('/pay/')) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(
          '<!doctype html><title>Test card payment</title><h1>Stand-in card payment page</h1>' +
            (session && options.webhook
              ? `<p data-testid="stripe-amount">${session.amount_total} ${html(session.currency.toUpperCase())}</p>` +
                `<form method="post" action="/pay/${session.id}/complete"><button>Pay</button></form>` +
                `<a href="${html(session.cancelUrl)}">Cancel</a>`
              : ''),
        );
        return;
      }
      if (request.method === 'POST' && session && options.webhook && url.pathname === `/pay/${session.id}/complete`) {
        const webhook = options.webhook;
        session.status = 'complete';
        const payload = JSON.stringify({
          id: `evt_${crypto.randomBytes(8).toString('hex')}`,
          object: 'event',
          type: 'checkout.session.completed',
          data: {
            object: {
              id: session.id,
              object: 'checkout.session',
              amount_total: session.amount_total,
              currency: session.currency,
              payment_status: 'paid',
              metadata: session.metadata,
            },
          },
        });
        const signature = new Stripe('sk_test_double').webhooks.generateTestHeaderString({
          payload,
          secret: webhook.secret,
        });
        fetch(webhook.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        }).then(
          (delivered) => {
            response.writeHead(delivered.ok ? 303 : 502, { location: session.successUrl });
            response.end();
          },
          () => {
            response.writeHead(502);
            response.end();
          },
        );
        return;
      }
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'not in the double', type: 'invalid_request_error' } }));
    });
  });
  /** A session's status now: an open page expires at its `expires_at`. */
  function currentStatus(session: DoubleSession): DoubleSession['status'] {
    if (session.status === 'open' && session.expiresAt !== null && session.expiresAt * 1000 <= Date.now())
      session.status = 'expired';
    return session.status;
  }
  /** A session as Stripe's API shows it. */
  function view(session: DoubleSession) {
    const { port } = server.address() as AddressInfo;
    const status = currentStatus(session);
    return {
      id: session.id,
      object: 'checkout.session',
      url: status === 'open' ? `http://127.0.0.1:${port}/pay/${session.id}` : null,
      status,
      expires_at: session.expiresAt,
      amount_total: session.amount_total,
      currency: session.currency,
      metadata: session.metadata,
      payment_status: status === 'complete' ? 'paid' : 'unpaid',
      payment_intent: `pi_${session.id}`,
    };
  }
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    refunds,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
