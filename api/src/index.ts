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

const app = createApp({ config, log: consoleLogger });

try {
  app.listen({ port: config.port });
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
consoleLogger.info(`API listening on http://localhost:${config.port}`, {
  port: config.port,
  nodeEnv: config.nodeEnv,
});

let isStopping = false;

/** Stops accepting, lets in-flight requests finish (at most 10 s), closes the pool, exits 0. */
async function shutDown(signal: string) {
  if (isStopping) return;
  isStopping = true;
  consoleLogger.info(`${signal}: stopping the API`);
  const forceTimer = setTimeout(() => void app.stop(true), 10_000);
  await app.stop(false);
  clearTimeout(forceTimer);
  await sql.end({ timeout: 5 });
  consoleLogger.info('API stopped');
  process.exit(0);
}

process.on('SIGTERM', () => void shutDown('SIGTERM'));
process.on('SIGINT', () => void shutDown('SIGINT'));
