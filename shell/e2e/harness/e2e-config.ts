import { join } from 'node:path';
import { REPO_ROOT } from '../../../tooling/src/repo-root.ts';

/** Ports of the e2e stack: away from the dev ports so tests can run while `bun dev` does. */
const base = Number(process.env.E2E_PORT_BASE ?? 4000);

export const E2E = {
  ports: {
    shell: base,
    api: base + 1,
    /** The second API process: the e2e stack runs two behind the shell's proxy (live updates cross them). */
    api2: base + 2,
    mfTickets: base + 101,
    mfKb: base + 102,
    mfAdmin: base + 103,
    mailCatcherSmtp: base + 25,
    mailCatcherHttp: base + 26,
    /** The support mailbox's IMAP server (Dovecot): where requesters' mail arrives for the desk to fetch. */
    imap: base + 143,
    postgres: base + 432,
  },
  baseUrl: `http://127.0.0.1:${base}`,
  /** The login of the support mailbox on the stack's Dovecot; specs deliver to it and set the desk up with it. */
  supportMailbox: { address: 'support@example.com', user: 'support', password: 'e2e-support-mailbox' },
  // Per port base, so two e2e stacks (say, two checkouts under test) never share a log.
  apiLog: join(REPO_ROOT, `.data/e2e/${base}/api.log`),
};
