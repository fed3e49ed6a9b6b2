import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { keepQuerySequencesTogether } from './atomic-queries';
import { acquireDatabaseLock } from './lock';

export interface EmbeddedDatabase {
  /** postgres:// URL that `pg` connects to. */
  url: string;
  close(): Promise<void>;
}

/**
 * Opens PGlite (persisted in `dbDir`, or in memory when `dbDir` is 'memory://') behind a
 * PostgreSQL wire-protocol socket, so the app talks to it with `pg` exactly as it talks to
 * PostgreSQL: one code path for both. Extensions that search needs are loaded here
 * because PGlite only has them when passed at creation.
 */
export async function openEmbeddedDatabase(dbDir: string, port = 0): Promise<EmbeddedDatabase> {
  const inMemory = dbDir.startsWith('memory://');
  const release = inMemory ? () => {} : acquireDatabaseLock(dbDir);
  try {
    const db = await PGlite.create(inMemory ? undefined : dbDir, { extensions: { pg_trgm, unaccent } });
    const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 16 });
    keepQuerySequencesTogether(server);
    await server.start();
    const address = server.getServerConn();
    return {
      url: `postgres://postgres:postgres@${address}/postgres`,
      async close() {
        await server.stop();
        await db.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
