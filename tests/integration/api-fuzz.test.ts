/**
 * Walks every operation of the OpenAPI document with a corpus of bad inputs, anonymous and
 * signed in (a teacher and an admin), and asserts what a careless client or an attacker must
 * never see: a status of 500 or more, a 4xx outside the one error shape, or a domain row written.
 * Every request carries at least one input its operation's declaration refuses, so a 2xx is
 * only allowed where the operation answers any input with a redirect (a provider's form post).
 */
import { sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { z, type ZodType } from 'zod';
import { API_ROUTES } from '@/app/api/openapi.json/operations';
import { MAX_JSON_BODY_BYTES } from '@/lib/api/handler';
import { listOperations, type ApiOperation } from '@/lib/api/openapi';
import { getDb } from '@/lib/db/client';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { TEST_ORIGIN } from './support/request';
import { signIn } from './support/session';

// Rate limits are lifted for the run: thousands of requests from one address would otherwise
// be answered 429 before they reach the code under test.
jest.mock('@/lib/security/rate-limit', () => ({
  ...jest.requireActual('@/lib/security/rate-limit'),
  enforce: async () => undefined,
}));

/** Tables the edge may write to for a refused request: counters, audit trail and tokens. */
const BOOKKEEPING_TABLES = new Set(['rate_limits', 'audit_log', 'access_tokens', 'account_tokens']);

let database: TestDatabase;
const identities: Record<string, Record<string, string>> = { anonymous: {} };

/** A fingerprint of every domain table, to prove nothing was written. */
async function domainFingerprint(): Promise<Record<string, string>> {
  const tables = await getDb().execute<{ name: string }>(
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (BOOKKEEPING_TABLES.has(name)) continue;
    const rows = await getDb().execute<{ digest: string | null; n: number }>(
      sql.raw(`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest, count(*)::int AS n FROM "${name}" t`),
    );
    out[name] = `${rows.rows[0]!.n}:${rows.rows[0]!.digest}`;
  }
  return out;
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  anyOf?: JsonSchema[];
};

function jsonSchemaOf(schema: ZodType | undefined): JsonSchema {
  if (!schema) return {};
  let current = schema;
  const def = (current as unknown as { _zod: { def: { type: string; in?: ZodType; out?: ZodType } } })._zod.def;
  if (def.type === 'pipe' && def.out) current = def.out;
  return z.toJSONSchema(current, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
const BAD_TEXT = [NUL, LONE_SURROGATE, '../../../etc/passwd', '<script>alert(1)</script>'];

/** Values that a query parameter with this schema must refuse. */
function badQueryValues(schema: JsonSchema): string[] {
  const types = [schema.type, ...(schema.anyOf ?? []).map((s) => s.type)].flat();
  // A lone surrogate cannot travel in a query string: its bytes arrive as U+FFFD, which is text.
  const values = [NUL];
  if (schema.maxLength !== undefined) values.push('x'.repeat(schema.maxLength + 1));
  if (types.includes('integer') || types.includes('number'))
    values.push('-1', '2147483648', '99999999999999999999', 'abc', '1e999', 'NaN');
  if (schema.enum) values.push('not-one-of-them');
  return values;
}

/** Bodies an operation with this body schema must refuse. */
function badBodies(schema: JsonSchema): Array<{ label: string; body: string }> {
  const json = (value: unknown) => JSON.stringify(value);
  const bodies = [
    { label: 'invalid JSON', body: '{"a":' },
    { label: 'array', body: '[]' },
    { label: 'string', body: '"text"' },
    { label: 'null', body: 'null' },
    { label: 'number', body: '2147483648' },
    { label: 'deep nesting', body: `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}` },
    { label: 'too large', body: json({ a: 'x'.repeat(MAX_JSON_BODY_BYTES) }) },
  ];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const types = [property.type, ...(property.anyOf ?? []).map((s) => s.type)].flat();
    bodies.push({ label: `${name}: object`, body: json({ [name]: { nested: [1, 2, 3] } }) });
    if (types.includes('string') || types.length === 0)
      for (const text of BAD_TEXT.slice(0, 2))
        bodies.push({ label: `${name}: bad text`, body: json({ [name]: text }) });
    if (property.maxLength !== undefined)
      bodies.push({ label: `${name}: too long`, body: json({ [name]: 'x'.repeat(property.maxLength + 1) }) });
    if (types.includes('integer') || types.includes('number')) {
      for (const number of [-1, 0, 2147483648, 1e308, 1.5])
        bodies.push({ label: `${name}: ${number}`, body: json({ [name]: number }) });
    }
    if (types.includes('array'))
      bodies.push({ label: `${name}: huge array`, body: json({ [name]: Array.from({ length: 5000 }, (_v, i) => i) }) });
  }
  return bodies;
}

/** Percent-encodes a value; a lone surrogate becomes the bytes a careless client would send for it. */
function encodeQueryValue(value: string): string {
  return value
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

interface FuzzCase {
  label: string;
  url: string;
  method: string;
  body?: string | FormData;
  contentType?: string;
  params: Record<string, string>;
}

/** The bad inputs of one operation: each case carries at least one input the operation refuses. */
function casesFor(operation: ApiOperation): FuzzCase[] {
  const declared = operation.handler.declaration;
  const pathParams = Object.keys(jsonSchemaOf(declared.params).properties ?? {});
  const goodParams: Record<string, string> = Object.fromEntries(
    pathParams.map((name) => [name, name === 'provider' ? 'google' : '1']),
  );
  const path = (params: Record<string, string>) =>
    operation.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeQueryValue(params[name] ?? '1'));
  const cases: FuzzCase[] = [];
  const base = { method: operation.method, params: goodParams };

  for (const world of ['xx', 'DE', NUL, '', '../de'])
    cases.push({
      ...base,
      label: `world=${JSON.stringify(world)}`,
      url: `${path(goodParams)}?world=${encodeQueryValue(world)}`,
    });
  for (const name of pathParams) {
    for (const value of [NUL, LONE_SURROGATE, '..', 'x'.repeat(300), '2147483648'])
      cases.push({
        ...base,
        label: `path ${name}=${value.slice(0, 20)}`,
        url: `${path({ ...goodParams, [name]: value })}?world=de`,
        params: { ...goodParams, [name]: value },
      });
  }
  const query = jsonSchemaOf(declared.query);
  for (const [name, property] of Object.entries(query.properties ?? {})) {
    for (const value of badQueryValues(property))
      cases.push({
        ...base,
        label: `query ${name}=${JSON.stringify(value.slice(0, 20))}`,
        url: `${path(goodParams)}?world=de&${name}=${encodeQueryValue(value)}`,
      });
  }
  const url = `${path(goodParams)}?world=de`;
  if (declared.bodyType === 'upload') {
    const form = new FormData();
    form.append('file', new File([new Uint8Array([0x3c, 0x73, 0x76, 0x67, 0x3e])], 'x.svg', { type: 'image/svg+xml' }));
    cases.push({ ...base, label: 'upload: svg bytes', url, body: form });
    cases.push({ ...base, label: 'upload: not multipart', url, body: '{"file":"x"}', contentType: 'application/json' });
  } else if (declared.body) {
    const contentType = declared.bodyType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
    for (const { label, body } of badBodies(jsonSchemaOf(declared.body)))
      cases.push({ ...base, label: `body ${label}`, url, body, contentType });
  } else if (operation.method !== 'GET') {
    cases.push({
      ...base,
      label: 'unexpected body',
      url,
      body: '{"unexpected":true}',
      contentType: 'application/json',
    });
  }
  return cases;
}

const operations = listOperations(API_ROUTES);

beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
  identities.teacher = { cookie: await signIn(DEMO_ACCOUNTS.buyer) };
  identities.admin = { cookie: await signIn(DEMO_ACCOUNTS.admin) };
}, 120_000);
afterAll(() => database.stop());

describe(`fuzzing every operation of the API document on ${BACKEND}`, () => {
  it('no 5xx, the error shape on every 4xx, no domain row written', async () => {
    const before = await domainFingerprint();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const operation of operations) {
      for (const fuzzCase of casesFor(operation)) {
        for (const [who, headers] of Object.entries(identities)) {
          const request = new NextRequest(new URL(fuzzCase.url, TEST_ORIGIN), {
            method: fuzzCase.method,
            headers: {
              ...headers,
              ...(fuzzCase.method !== 'GET' ? { origin: TEST_ORIGIN } : {}),
              ...(fuzzCase.contentType ? { 'content-type': fuzzCase.contentType } : {}),
            },
            body: fuzzCase.body,
          });
          const response = await operation.handler(request, { params: Promise.resolve(fuzzCase.params) });
          sent++;
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const where = `${fuzzCase.method} ${operation.path} [${fuzzCase.label}] as ${who}`;
          if (response.status >= 500) failures.push(`${where}: ${response.status} ${await response.text()}`);
          else if (response.status >= 400) {
            const body = await response.json().catch(() => null);
            const shaped =
              body &&
              typeof body.error?.code === 'string' &&
              typeof body.error?.message === 'string' &&
              'details' in body.error;
            if (!shaped) failures.push(`${where}: ${response.status} outside the error shape`);
          } else if (!(response.status === 303 && operation.handler.declaration.successStatus === 303)) {
            failures.push(`${where}: accepted with ${response.status}`);
          }
        }
      }
    }
    console.log(
      `API fuzz on ${BACKEND}: ${sent} requests over ${operations.length} operations; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    );
    expect(failures).toEqual([]);
    expect(await domainFingerprint()).toEqual(before);
  }, 240_000);
});
