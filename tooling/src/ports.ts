/**
 * The ports of every process `bun dev` starts, each overridable by an environment variable.
 * rsbuild configs, the dev orchestrator and the e2e harness all read them from here.
 */
function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new Error(`${name} must be a port number (1-65535), got '${raw}'`);
  }
  return value;
}

export const PORTS = {
  shell: port('SHELL_PORT', 3000),
  api: port('API_PORT', 3001),
  mfTickets: port('MF_TICKETS_PORT', 3101),
  mfKb: port('MF_KB_PORT', 3102),
  mfAdmin: port('MF_ADMIN_PORT', 3103),
  /** The embedded PostgreSQL, when DATABASE_URL is not set. */
  postgres: port('PG_PORT', 5433),
  /** The development mail catcher: SMTP in, and a page listing what it caught. */
  mailCatcherSmtp: port('MAIL_CATCHER_SMTP_PORT', 2525),
  mailCatcherHttp: port('MAIL_CATCHER_PORT', 3025),
};

/** Where the shell finds each remote in development (production reads HELPDESK_REMOTES). */
export function devRemoteEntries(host = 'localhost') {
  return {
    mf_tickets: process.env.MF_TICKETS_URL ?? `http://${host}:${PORTS.mfTickets}/mf-manifest.json`,
    mf_kb: process.env.MF_KB_URL ?? `http://${host}:${PORTS.mfKb}/mf-manifest.json`,
    mf_admin: process.env.MF_ADMIN_URL ?? `http://${host}:${PORTS.mfAdmin}/mf-manifest.json`,
  };
}
