import type { Db } from '../db/postgres.ts';

/** What the checklist is computed from, in one read of the desk's own data. */
export type OnboardingFacts = {
  hasCompanyName: boolean;
  /** The saved SMTP host and port (null while the settings were never saved). */
  smtpHost: string | null;
  smtpPort: number | null;
  hasTeam: boolean;
  hasAgent: boolean;
  hasActiveSlaPolicy: boolean;
  hasActiveKbCategory: boolean;
  /** host:port of the server that last accepted a test mail. */
  testMailServer: string | null;
  isDismissed: boolean;
};

/** Every fact of the checklist in one statement: each part is a one-row table or an EXISTS. */
export async function selectOnboardingFacts(db: Db, defaultCompanyName: string): Promise<OnboardingFacts> {
  const [row] = await db<OnboardingFacts[]>`
    select
      coalesce(btrim(s.company_name) not in ('', ${defaultCompanyName}), false) as "hasCompanyName",
      s.smtp_host as "smtpHost", s.smtp_port as "smtpPort",
      exists (select 1 from teams) as "hasTeam",
      exists (select 1 from users where role = 'agent' and status <> 'rejected') as "hasAgent",
      exists (select 1 from sla_policies where is_active) as "hasActiveSlaPolicy",
      exists (select 1 from kb_categories where is_active) as "hasActiveKbCategory",
      o.test_mail_server as "testMailServer",
      (o.dismissed_at is not null) as "isDismissed"
    from (select) as one
    left join settings s on true
    left join desk_onboarding o on true`;
  if (!row) throw new Error('the onboarding facts query answered no row');
  return row;
}

/** Records the server that just accepted a test mail. */
export async function upsertTestMailServer(db: Db, server: string): Promise<void> {
  await db`
    insert into desk_onboarding (test_mail_sent_at, test_mail_server) values (now(), ${server})
    on conflict (id) do update set test_mail_sent_at = now(), test_mail_server = excluded.test_mail_server`;
}

/** Hides the checklist for the whole desk; true when this call hid it (false: it already was). */
export async function upsertDismissal(db: Db, adminId: string): Promise<boolean> {
  const rows = await db`
    insert into desk_onboarding (dismissed_at, dismissed_by) values (now(), ${adminId})
    on conflict (id) do update set dismissed_at = now(), dismissed_by = excluded.dismissed_by
      where desk_onboarding.dismissed_at is null
    returning 1`;
  return rows.length > 0;
}
