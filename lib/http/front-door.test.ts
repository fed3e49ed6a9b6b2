import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { forgetAuthorDomains, rememberAuthorDomains } from '@/lib/proxy/author-domains';
import { CLIENT_IP_HEADER } from '@/lib/security/client-ip';
import { createFrontDoor, KEEP_ALIVE_MS } from './front-door';
import { decodeResolution, RESOLUTION_HEADER, resolveRequest } from '@/lib/request/resolution';
import type { UpgradeHandler } from './upgrade';

/**
 * The front door as server.ts builds it, on a loopback port, in front of a stand-in for Next
 * that does what Next's custom server does on its first request: it adds an `upgrade` listener
 * of its own to the server (it answers every upgrade with 101, so a test sees whether one
 * reached it).
 */
const upgradesSeenByNext: string[] = [];
const addressesSeen: (string | string[] | undefined)[] = [];
const resolutionsSeen: (string | string[] | undefined)[] = [];

function switchProtocols(socket: Duplex): void {
  socket.end('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
}

function fakeNext() {
  let listening = false;
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (!listening) {
      listening = true;
      const server = (req.socket as Socket & { server: Server }).server;
      server.on('upgrade', (upgrade: IncomingMessage, socket: Duplex) => {
        upgradesSeenByNext.push(upgrade.url ?? '');
        switchProtocols(socket);
      });
    }
    resolutionsSeen.push(req.headers[RESOLUTION_HEADER]);
    res.end('page');
  };
}

const TEST_ROUTES = new Map<string, UpgradeHandler>([
  [
    '/echo',
    (req, socket) => {
      addressesSeen.push(req.headers[CLIENT_IP_HEADER]);
      switchProtocols(socket);
    },
  ],
  [
    '/broken',
    () => {
      throw new Error('endpoint broke');
    },
  ],
]);

async function start(dev: boolean): Promise<{ server: Server; port: number }> {
  const server = createFrontDoor({ handle: fakeNext(), dev, upgradeRoutes: TEST_ROUTES });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** A page load: the first one makes the stand-in for Next add its upgrade listener. */
function loadPage(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ port, host: '127.0.0.1', path: '/api/health', headers: { host: `localhost:${port}` } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

/**
 * Sends a WebSocket upgrade request on a raw socket and resolves, once the server has closed
 * it, with everything the server wrote. A socket left open fails the test after a second.
 */
function upgrade(
  port: number,
  path: string,
  options: { host?: string; headers?: Record<string, string> } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    const hanging = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the upgrade of ${path} was left hanging`));
    }, 1000);
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    // A reset after the answer counts as closed, like an orderly end.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(hanging);
      resolve(received);
    });
    const extra = Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: ${options.host ?? `localhost:${port}`}\r\nConnection: Upgrade\r\n` +
        'Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n' +
        `${extra.join('')}\r\n`,
    );
  });
}

const statusLine = (response: string) => response.split('\r\n')[0];

let production: { server: Server; port: number };
let development: { server: Server; port: number };

beforeAll(async () => {
  production = await start(false);
  development = await start(true);
});

afterAll(async () => {
  forgetAuthorDomains();
  await Promise.all([production, development].map(({ server }) => new Promise((resolve) => server.close(resolve))));
});

beforeEach(() => {
  upgradesSeenByNext.length = 0;
  addressesSeen.length = 0;
});

describe('upgrades at the front door', () => {
  it('answers an unknown path with a 404 and closes the socket', async () => {
    expect(statusLine(await upgrade(production.port, '/whatever'))).toBe('HTTP/1.1 404 Not Found');
    expect(statusLine(await upgrade(production.port, '/notifications?token=x'))).toBe('HTTP/1.1 404 Not Found');
  });

  it('refuses a host that is not Kreide’s own, an author’s domain included', async () => {
    rememberAuthorDomains([{ domain: 'author-demo.example', authorId: 1, world: 'de' }]);
    for (const host of ['evil.example', 'author-demo.example', 'Author-Demo.Example.:443'])
      expect(statusLine(await upgrade(production.port, '/echo', { host }))).toBe('HTTP/1.1 403 Forbidden');
    expect(addressesSeen).toEqual([]);
  });

  it('hands a known path to its endpoint, with the client address the door determined', async () => {
    const response = await upgrade(production.port, '/echo?x=1', {
      host: '127.0.0.1',
      headers: { [CLIENT_IP_HEADER]: '203.0.113.9' },
    });
    expect(statusLine(response)).toBe('HTTP/1.1 101 Switching Protocols');
    expect(addressesSeen).toHaveLength(1);
    expect(addressesSeen[0]).toMatch(/^(?:::ffff:)?127\.0\.0\.1$/);
  });

  it('closes the socket of an endpoint that throws, and keeps serving', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await upgrade(production.port, '/broken')).toBe('');
      expect(logged).toHaveBeenCalledWith('upgrade failed:', 'endpoint broke');
    } finally {
      logged.mockRestore();
    }
    expect(statusLine(await upgrade(production.port, '/echo'))).toBe('HTTP/1.1 101 Switching Protocols');
  });

  it('survives a client that goes away mid-request', async () => {
    const socket = net.connect(production.port, '127.0.0.1');
    await new Promise((resolve) => socket.on('connect', resolve));
    socket.write(`GET /whatever HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`);
    socket.resetAndDestroy();
    expect(statusLine(await upgrade(production.port, '/whatever'))).toBe('HTTP/1.1 404 Not Found');
  });

  it('in production, passes nothing to Next: its listener is taken off the server', async () => {
    expect(await loadPage(production.port)).toBe('page');
    await new Promise((resolve) => setImmediate(resolve));
    expect(production.server.listenerCount('upgrade')).toBe(1);
    expect(statusLine(await upgrade(production.port, '/_next/hmr?id=1'))).toBe('HTTP/1.1 404 Not Found');
    expect(statusLine(await upgrade(production.port, '/whatever'))).toBe('HTTP/1.1 404 Not Found');
    expect(upgradesSeenByNext).toEqual([]);
  });

  it('in development, passes Next’s own paths (hot reload) to Next, and only those', async () => {
    // Before Next has handled a request it has no listener: nothing to pass to.
    expect(statusLine(await upgrade(development.port, '/_next/hmr?id=1'))).toBe('HTTP/1.1 404 Not Found');
    expect(await loadPage(development.port)).toBe('page');
    expect(statusLine(await upgrade(development.port, '/_next/hmr?id=2'))).toBe('HTTP/1.1 101 Switching Protocols');
    expect(statusLine(await upgrade(development.port, '/whatever'))).toBe('HTTP/1.1 404 Not Found');
    expect(statusLine(await upgrade(development.port, '/echo'))).toBe('HTTP/1.1 101 Switching Protocols');
    expect(upgradesSeenByNext).toEqual(['/_next/hmr?id=2']);
    expect(development.server.listenerCount('upgrade')).toBe(1);
  });
});

describe('kept-alive connections at the front door', () => {
  it('stay open longer than a client pauses between calls, and longer than a balancer keeps them', () => {
    const server = createFrontDoor({ handle: fakeNext(), dev: false });
    expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it('answer a request sent on the same connection after a pause of 6 s', async () => {
    const server = createFrontDoor({ handle: fakeNext(), dev: false });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; socket: Socket }>((resolve, reject) => {
        const req = http.get(
          { host: '127.0.0.1', port, path: '/x', agent, headers: { host: `localhost:${port}` } },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: req.socket as Socket }));
          },
        );
        req.on('error', reject);
      });
    try {
      const first = await get();
      await new Promise((resolve) => setTimeout(resolve, 6000));
      const second = await get();
      expect([first.status, second.status]).toEqual([200, 200]);
      // The same connection: it was still open after the pause.
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 15_000);
});

describe('the resolution at the front door', () => {
  const get = (port: number, path: string, headers: Record<string, string>) =>
    new Promise<void>((resolve, reject) => {
      http
        .get({ port, host: '127.0.0.1', path, headers: { host: `localhost:${port}`, ...headers } }, (res) => {
          res.resume();
          res.on('end', resolve);
        })
        .on('error', reject);
    });

  it('reaches Next as the door worked it out, whatever a client sent in its place', async () => {
    // What an attacker would send: another route for the path, and a session of their choosing.
    const forged = encodeURIComponent(
      JSON.stringify({
        ...resolveRequest('/de/konto/materialien', 'localhost'),
        path: '/de/konto/bankdaten',
        session: { userId: 1, impersonatorUserId: null },
      }),
    );
    resolutionsSeen.length = 0;
    await get(production.port, '/de/konto/bankdaten', { [RESOLUTION_HEADER]: forged });
    await get(production.port, '/de/konto/bankdaten', {});
    expect(resolutionsSeen).toHaveLength(2);
    const [fromForged, plain] = resolutionsSeen.map((value) => decodeResolution(value as string));
    expect(fromForged).toEqual(plain);
    expect(fromForged).toMatchObject({ route: 'cabinet-bank-details', cache: 'none' });
    expect(fromForged).not.toHaveProperty('session');
  });
});
