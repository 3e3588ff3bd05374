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
    /** The OpenID Connect provider (oidc-provider) people sign in at. */
    oidc: base + 80,
    /** Nothing listens here: the issuer of a provider that is down. */
    oidcDown: base + 81,
    postgres: base + 432,
  },
  baseUrl: `http://127.0.0.1:${base}`,
  /** The login of the support mailbox on the stack's Dovecot; specs deliver to it and set the desk up with it. */
  supportMailbox: { address: 'support@example.com', user: 'support', password: 'e2e-support-mailbox' },
  /**
   * The test identity provider: its client for the desk, the provider IDs the desk may register it under
   * (each one's redirect URI is registered), and its people, by subject.
   */
  oidc: {
    issuer: `http://127.0.0.1:${base + 80}`,
    clientId: 'helpdesk-e2e',
    clientSecret: 'e2e-oidc-client-secret',
    providerIds: ['corp'],
    accounts: {
      /** Nobody the desk knows: a new account. */
      newcomer: {
        email: 'newcomer@example.com',
        email_verified: true,
        given_name: 'Nia',
        family_name: 'Newcomb',
      },
      /** The demo agent's address, verified: linked to that account; in the agent group, so it stays an agent. */
      agent: {
        email: 'agent@example.com',
        email_verified: true,
        given_name: 'Agent',
        family_name: 'Smith',
        groups: ['helpdesk-agents'],
      },
      /** A new person in the provider's admin group: an admin once approved. */
      boss: {
        email: 'boss@example.com',
        email_verified: true,
        given_name: 'Bo',
        family_name: 'Sterling',
        groups: ['helpdesk-admins'],
      },
      /**
       * The demo admin's address: never linked by email alone, only from the admin's profile. In the admin
       * group, since the provider's role mapping sets the role at every sign-in.
       */
      admin: {
        email: 'admin@example.com',
        email_verified: true,
        given_name: 'Admin',
        family_name: 'User',
        groups: ['helpdesk-admins'],
      },
      /** The demo end user's address, not verified by the provider: never linked. */
      unverified: {
        email: 'user@example.com',
        email_verified: false,
        given_name: 'Una',
        family_name: 'Verity',
      },
    },
  },
  // Per port base, so two e2e stacks (say, two checkouts under test) never share a log.
  apiLog: join(REPO_ROOT, `.data/e2e/${base}/api.log`),
};
