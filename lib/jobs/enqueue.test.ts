import { drizzle } from 'drizzle-orm/node-postgres';
import { jobConnection } from './enqueue';

/** Stands in for a pg client: records what it is asked to run. */
class RecordingClient {
  readonly texts: string[] = [];
  async query(query: string | { text: string }) {
    this.texts.push(typeof query === 'string' ? query : query.text);
    return { rows: [], rowCount: 0, fields: [], command: 'SELECT' };
  }
}

describe('jobConnection', () => {
  it("writes through a Drizzle transaction's own client, between its begin and commit", async () => {
    const client = new RecordingClient();
    const db = drizzle({ client: client as never });
    await db.transaction(async (tx) => {
      await jobConnection(tx).executeSql('INSERT INTO pgboss.job (name) VALUES ($1)', ['unit']);
    });
    expect(client.texts).toEqual(['begin', 'INSERT INTO pgboss.job (name) VALUES ($1)', 'commit']);
  });

  it('takes a pg pool or client as it is, and refuses anything else', async () => {
    const client = new RecordingClient();
    await jobConnection(client).executeSql('SELECT 1', []);
    expect(client.texts).toEqual(['SELECT 1']);
    expect(() => jobConnection({ _: {} })).toThrow(/Drizzle database or transaction, or a pg client/);
  });
});
