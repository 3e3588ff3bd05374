import { mkdirSync } from 'node:fs';
import { ConfigError, loadConfig } from './config.ts';
import { consoleLogger } from './log.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`API configuration error: ${error.message}`);
  process.exit(1);
}

// Attachments are written here; a directory that cannot be made is one clear line at start, not a 500 per upload.
try {
  mkdirSync(config.attachmentsDir, { recursive: true, mode: 0o700 });
} catch (error) {
  console.error(
    `ATTACHMENTS_DIR (${config.attachmentsDir}) cannot be created: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}

// Loaded after the config check so a missing DATABASE_URL is one clear line, not a stack.
const { createApp } = await import('./app.ts');
const { sql } = await import('./db.ts');
const { stopRealtime } = await import('./realtime/service.ts');
const { searchSql } = await import('./search/pool.ts');
const { kbSearchSql } = await import('./kb/pool.ts');

// The abuse limits are the process's (every app and worker task in it spends the same budgets), so
// the process entry sets their scale, not each app it builds.
const { setRateLimitScale } = await import('./limits/rate-limits.ts');
setRateLimitScale(config.rateLimitScale);
const app = createApp({ config, log: consoleLogger });

// Safe requests may answer their session, the bell's count and the desk's dashboard from memory
// while a LISTEN hears every change (docs/security.md#sessions-and-cookies).
const { startProcessCaches } = await import('./process-caches.ts');
const { createSql } = await import('./db/postgres.ts');
const cacheListener = startProcessCaches({
  ttlMs: config.sessionCacheMs,
  open: () => createSql(config.databaseUrl, { max: 1 }),
  log: consoleLogger,
});

try {
  app.listen({ port: config.port, ...(config.host ? { hostname: config.host } : {}) });
} catch (error) {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (code === 'EADDRINUSE' || (error instanceof Error && /in use|EADDRINUSE/i.test(error.message))) {
    console.error(
      `Port ${config.port} (API_PORT) is already in use. Stop whatever uses it, or set API_PORT to a free port.`,
    );
  } else {
    console.error(`The API could not listen on port ${config.port}:`, error);
  }
  await sql.end({ timeout: 1 });
  process.exit(1);
}
consoleLogger.info(`API listening on http://localhost:${config.port} (${config.host ?? 'every interface'})`, {
  port: config.port,
  host: config.host ?? 'every interface',
  nodeEnv: config.nodeEnv,
});

// Background work (SLA watch, auto assignment, email, cleanup) runs here unless WORKER_IN_API=false.
// Its modules load only then: an API beside a worker process of its own does not carry them (about
// 10 MB of its resident memory).
const worker = config.worker.isInApi ? await startWorkerInApi() : null;

async function startWorkerInApi() {
  const { createWorker } = await import('./worker/runner.ts');
  const { createWorkerTasks } = await import('./worker/tasks.ts');
  const tasks = createWorkerTasks(config);
  const started = createWorker({ tasks, config, log: consoleLogger, sql });
  started.start();
  consoleLogger.info(`worker started in the API: ${tasks.map((task) => task.name).join(', ')}`);
  return started;
}

let isStopping = false;

/** Stops accepting, lets in-flight requests finish (at most 10 s), closes the pool, exits 0. */
async function shutDown(signal: string) {
  if (isStopping) return;
  isStopping = true;
  consoleLogger.info(`${signal}: stopping the API`);
  const forceTimer = setTimeout(() => void app.stop(true), 10_000);
  // The listener closes at once (a load balancer's next connection is refused, not left waiting);
  // the promise settles when the in-flight requests have finished. Typed as the bare promise it is
  // awaited as: Elysia's own return type is the whole app's, which Promise.all would unfold.
  const draining: Promise<unknown> = app.stop(false);
  // Event streams never finish by themselves: end them so the in-flight requests can drain.
  stopRealtime();
  // The worker's current rounds finish alongside the in-flight requests, before the pool closes.
  await Promise.all([
    draining,
    worker ? Promise.race([worker.stop(), Bun.sleep(10_000)]) : null,
    cacheListener ? Promise.race([cacheListener.stop(), Bun.sleep(2_000)]) : null,
  ]);
  clearTimeout(forceTimer);
  // Requests and worker rounds are done: what is left are idle connections, each told to
  // terminate. One whose peer never answers (a half-open TCP connection, e.g. behind a proxy that
  // lost the server) would hold the exit for the whole grace, so it is short.
  await Promise.all([
    sql.end({ timeout: 1 }),
    searchSql.end({ timeout: 1 }),
    kbSearchSql.end({ timeout: 1 }),
  ]);
  consoleLogger.info('API stopped');
  process.exit(0);
}

process.on('SIGTERM', () => void shutDown('SIGTERM'));
process.on('SIGINT', () => void shutDown('SIGINT'));
