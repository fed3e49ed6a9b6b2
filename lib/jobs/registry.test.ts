import { z } from 'zod';
import {
  defineJob,
  fieldsToForget,
  findJobDefinition,
  getJobDefinition,
  runLimitMs,
  summarizePayload,
} from './registry';

const schema = z.object({ to: z.string(), link: z.string().optional(), world: z.string() }).strict();
const rules = { retryLimit: 2, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 };

describe('job definitions', () => {
  it('registers a job under its name', () => {
    const job = defineJob({ name: 'unit-mail', schema, ...rules }, async () => undefined);
    expect(getJobDefinition('unit-mail')).toBe(job);
    expect(findJobDefinition('unit-unknown')).toBeUndefined();
    expect(() => getJobDefinition('unit-unknown')).toThrow(/catalogue/);
  });

  it('refuses names that are not kebab-case and rules a queue cannot honour', () => {
    const handler = async () => undefined;
    expect(() => defineJob({ name: 'Unit Mail', schema, ...rules }, handler)).toThrow(/kebab-case/);
    expect(() => defineJob({ name: 'unit-a', schema, ...rules, retryLimit: -1 }, handler)).toThrow(/retryLimit/);
    expect(() => defineJob({ name: 'unit-b', schema, ...rules, retryDelay: 1.5 }, handler)).toThrow(/retryDelay/);
    expect(() => defineJob({ name: 'unit-c', schema, ...rules, expireInSeconds: 0 }, handler)).toThrow(
      /expireInSeconds/,
    );
    expect(() => defineJob({ name: 'unit-d', schema, ...rules, concurrency: 0 }, handler)).toThrow(/concurrency/);
    expect(() => defineJob({ name: 'unit-e', schema, ...rules, pollingIntervalSeconds: 0.1 }, handler)).toThrow(
      /pollingIntervalSeconds/,
    );
    // A beat that comes as rarely as the expiry would let a live run expire.
    expect(() =>
      defineJob({ name: 'unit-f', schema, ...rules, heartbeatSeconds: 30, maxRunSeconds: 300 }, handler),
    ).toThrow(/heartbeatSeconds/);
    expect(() => defineJob({ name: 'unit-g', schema, ...rules, heartbeatSeconds: 5 }, handler)).toThrow(
      /maxRunSeconds/,
    );
    expect(() => defineJob({ name: 'unit-h', schema, ...rules, maxRunSeconds: 300 }, handler)).toThrow(/heartbeat/);
  });

  it('limits a run by its expiry, or with a heartbeat by its own limit', () => {
    const handler = async () => undefined;
    const plain = defineJob({ name: 'unit-plain', schema, ...rules }, handler);
    const beating = defineJob(
      { name: 'unit-beating', schema, ...rules, expireInSeconds: 20, heartbeatSeconds: 5, maxRunSeconds: 300 },
      handler,
    );
    expect(runLimitMs(plain, 60)).toBe(60_000);
    expect(runLimitMs(beating, 20)).toBe(300_000);
  });

  it('summarises a payload for admins without its secret fields, and nothing for a payload it does not know', () => {
    const job = defineJob(
      {
        name: 'unit-summary',
        schema,
        ...rules,
        secretFields: ['link'],
        forgetAfterSuccess: ['to'],
        // A careless summary that names the secret: it is dropped all the same.
        summarize: ({ to, link, world }) => ({ to, link: link ?? null, world }),
      },
      async () => undefined,
    );
    expect(summarizePayload(job, { to: 'a@example.org', link: 'https://x/secret', world: 'de' })).toEqual({
      to: 'a@example.org',
      world: 'de',
    });
    expect(summarizePayload(job, { unexpected: true })).toEqual({});
    expect(summarizePayload(undefined, { to: 'a@example.org' })).toEqual({});
    expect(fieldsToForget(job).sort()).toEqual(['link', 'to']);
  });
});
