import cluster from 'node:cluster';
import { loadConfigOrExit, type Config } from './config.js';
import { createApp } from './app.js';
import { runPrimary } from './cluster.js';

/** One serving process: its own app on the configured port (shared with sibling workers in cluster mode). */
async function serve(config: Config) {
  const app = await createApp(config);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.server.log.info({ signal }, 'shutting down');
    // Stops accepting, lets in-flight requests finish, then closes the database.
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  await app.server.listen({ port: config.port, host: config.host });
}

async function main() {
  const config = loadConfigOrExit();
  if (config.workers > 1 && cluster.isPrimary) await runPrimary(config);
  else await serve(config);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
