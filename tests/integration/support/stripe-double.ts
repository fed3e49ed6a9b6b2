import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A checkout session as the double made it. */
export interface DoubleSession {
  id: string;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  idempotencyKey: string | null;
}

/**
 * A local stand-in for the part of Stripe's API Kreide uses (creating Checkout Sessions), with a
 * stand-in payment page: the official `stripe` package is pointed at it through STRIPE_API_URL.
 * Like Stripe, a repeated Idempotency-Key answers the first session again.
 */
export async function startStripeDouble() {
  const sessions: DoubleSession[] = [];
  const byKey = new Map<string, DoubleSession>();
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://double');
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const form = new URLSearchParams(body);
        const key = (request.headers['idempotency-key'] as string | undefined) ?? null;
        let session = key ? byKey.get(key) : undefined;
        if (!session) {
          const metadata: Record<string, string> = {};
          for (const [name, value] of form) {
            const match = /^metadata\[(.+)\]$/.exec(name);
            if (match) metadata[match[1]!] = value;
          }
          session = {
            id: `cs_test_${sessions.length + 1}`,
            amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
            currency: form.get('line_items[0][price_data][currency]') ?? '',
            metadata,
            idempotencyKey: key,
          };
          sessions.push(session);
          if (key) byKey.set(key, session);
        }
        const { port } = server.address() as AddressInfo;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            id: session.id,
            object: 'checkout.session',
            url: `http://127.0.0.1:${port}/pay/${session.id}`,
            amount_total: session.amount_total,
            currency: session.currency,
            metadata: session.metadata,
            payment_status: 'unpaid',
          }),
        );
        return;
      }
      if (request.method === 'GET' && url.pathname.startsWith('/pay/')) {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<!doctype html><title>Test card payment</title><h1>Stand-in card payment page</h1>');
        return;
      }
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'not in the double', type: 'invalid_request_error' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
