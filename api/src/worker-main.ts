import { ConfigError, loadConfig } from './config.ts';
import { consoleLogger } from './log.ts';

// `bun run worker`: the background tasks on their own, for a deployment that sets WORKER_IN_API=false
// on its API processes (or wants more workers). Run migrations first (the API's start does).
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Worker configuration error: ${error.message}`);
  process.exit(1);
}

// Loaded after the config check so a missing DATABASE_URL is one clear line, not a stack.
const { sql } = await import('./db.ts');
const { createWorker } = await import('./worker/runner.ts');
const { createWorkerTasks } = await import('./worker/tasks.ts');

const { setRateLimitScale } = await import('./limits/rate-limits.ts');
setRateLimitScale(config.rateLimitScale);
const tasks = createWorkerTasks(config);
const worker = createWorker({ tasks, config, log: consoleLogger, sql });
worker.start();
consoleLogger.info(`worker started: ${tasks.map((task) => task.name).join(', ')}`);

let isStopping = false;

/** Lets the current rounds finish (at most 10 s), closes the pool, exits 0. */
async function shutDown(signal: string) {
  if (isStopping) return;
  isStopping = true;
  consoleLogger.info(`${signal}: stopping the worker`);
  await Promise.race([worker.stop(), Bun.sleep(10_000)]);
  await sql.end({ timeout: 5 });
  consoleLogger.info('worker stopped');
  process.exit(0);
}

process.on('SIGTERM', () => void shutDown('SIGTERM'));
process.on('SIGINT', () => void shutDown('SIGINT'));
