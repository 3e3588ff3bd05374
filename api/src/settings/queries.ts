import { DEFAULT_SETTINGS, type TSettings, type TUpdateSettingsRequest } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';

const settingsColumns = () => sql`
  company_name as "companyName", company_email as "companyEmail", timezone, language,
  email_notifications as "emailNotifications", push_notifications as "pushNotifications",
  auto_assignment as "autoAssignment", require_approval as "requireApproval",
  coalesce(reopen_window_days, ${DEFAULT_SETTINGS.reopenWindowDays})::int as "reopenWindowDays",
  coalesce(require_two_factor, ${DEFAULT_SETTINGS.requireTwoFactor}) as "requireTwoFactor",
  smtp_host as "smtpHost", smtp_port as "smtpPort", smtp_username as "smtpUsername",
  (smtp_password is not null) as "smtpPasswordSet", updated_at as "updatedAt"`;

/** The saved settings (never the SMTP password), or null while nobody has saved any. */
export async function selectSettings(db: Db): Promise<TSettings | null> {
  const [row] = await db<TSettings[]>`select ${settingsColumns()} from settings`;
  return row ?? null;
}

/** Creates the one row from the defaults when it is missing (inside the saving transaction). */
export async function insertDefaultSettingsIfMissing(db: Db, defaults: TSettings): Promise<void> {
  await db`
    insert into settings (company_name, company_email, timezone, language, email_notifications,
                          push_notifications, auto_assignment, require_approval, smtp_host, smtp_port,
                          smtp_username, updated_at)
    values (${defaults.companyName}, ${defaults.companyEmail}, ${defaults.timezone}, ${defaults.language},
            ${defaults.emailNotifications}, ${defaults.pushNotifications}, ${defaults.autoAssignment},
            ${defaults.requireApproval}, ${defaults.smtpHost}, ${defaults.smtpPort}, ${defaults.smtpUsername},
            now())
    on conflict (id) do nothing`;
}

/** The row, locked until the transaction ends, so two saves never interleave their before/after. */
export async function selectSettingsForUpdate(db: Db): Promise<TSettings | null> {
  const [row] = await db<TSettings[]>`select ${settingsColumns()} from settings for update`;
  return row ?? null;
}

/** What to do with the stored SMTP password: keep it, replace it, or clear it. */
export type SmtpPasswordChange = { kind: 'keep' } | { kind: 'set'; value: string } | { kind: 'clear' };

export async function updateSettings(
  db: Db,
  input: Omit<TUpdateSettingsRequest, 'smtpPassword'>,
  password: SmtpPasswordChange,
  updatedBy: string,
): Promise<TSettings> {
  const passwordValue =
    password.kind === 'keep'
      ? sql`smtp_password`
      : password.kind === 'set'
        ? sql`${password.value}`
        : sql`null`;
  const [row] = await db<TSettings[]>`
    update settings set
      company_name = ${input.companyName}, company_email = ${input.companyEmail},
      timezone = ${input.timezone}, language = ${input.language},
      email_notifications = ${input.emailNotifications}, push_notifications = ${input.pushNotifications},
      auto_assignment = ${input.autoAssignment}, require_approval = ${input.requireApproval},
      reopen_window_days = ${input.reopenWindowDays ?? sql`reopen_window_days`},
      require_two_factor = ${input.requireTwoFactor ?? sql`require_two_factor`},
      smtp_host = ${input.smtpHost}, smtp_port = ${input.smtpPort}, smtp_username = ${input.smtpUsername},
      smtp_password = ${passwordValue}, updated_by = ${updatedBy}
    returning ${settingsColumns()}`;
  if (!row) throw new Error('the settings row vanished inside its own transaction');
  return row;
}

/** The stored SMTP password, for the mail sender only; never part of an API answer. */
export async function selectSmtpPassword(db: Db): Promise<string | null> {
  const [row] = await db<
    { smtpPassword: string | null }[]
  >`select smtp_password as "smtpPassword" from settings`;
  return row?.smtpPassword ?? null;
}
