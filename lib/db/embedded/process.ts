/**
 * Entry point of the embedded database process. PGlite runs queries on the calling thread, so
 * it lives in its own process and the web server reaches it over a socket.
 * Started by `server.ts`; tells its parent the connection URL over IPC.
 */
import { openEmbeddedDatabase } from './open';

async function main() {
  const dbDir = process.argv[2];
  if (!dbDir) throw new Error('usage: process.ts <database folder>');
  const database = await openEmbeddedDatabase(dbDir);
  process.send?.({ type: 'ready', url: database.url });
  const shutdown = async () => {
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', shutdown);
  // Ctrl-C reaches the whole process group: let the parent close its connections first and
  // stop us through SIGTERM or by going away.
  process.on('SIGINT', () => {});
  // The parent died: do not keep the folder locked.
  process.on('disconnect', shutdown);
}

main().catch((error: Error) => {
  process.send?.({ type: 'error', message: error.message });
  console.error(error.message);
  process.exit(1);
});
