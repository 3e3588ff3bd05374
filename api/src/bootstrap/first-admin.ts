import { measurePasswordStrength, ZRegisterRequest } from '@helpdesk/contracts';
import type { Sql } from 'postgres';
import { hashPassword, isPasswordTooLong } from '../passwords.ts';

type Env = Record<string, string | undefined>;

export type FirstAdminResult =
  | { outcome: 'created'; username: string }
  | { outcome: 'exists' }
  | { outcome: 'not-configured' };

export class FirstAdminError extends Error {
  override name = 'FirstAdminError';
}

/**
 * Reads ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD (and optional ADMIN_FIRST_NAME / ADMIN_LAST_NAME),
 * validated like registration plus a strong password; throws FirstAdminError naming each problem.
 */
export function readFirstAdminEnv(env: Env) {
  const names = ['ADMIN_USERNAME', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'] as const;
  const given = names.filter((name) => (env[name] ?? '') !== '');
  if (given.length === 0) return null;
  if (given.length < names.length) {
    const missing = names.filter((name) => !given.includes(name));
    throw new FirstAdminError(
      `set all of ADMIN_USERNAME, ADMIN_EMAIL, ADMIN_PASSWORD (missing: ${missing.join(', ')})`,
    );
  }
  const parsed = ZRegisterRequest.safeParse({
    username: env.ADMIN_USERNAME,
    email: env.ADMIN_EMAIL,
    password: env.ADMIN_PASSWORD,
    firstName: env.ADMIN_FIRST_NAME || 'Admin',
    lastName: env.ADMIN_LAST_NAME || 'User',
  });
  const variableOf: Record<string, string> = {
    username: 'ADMIN_USERNAME',
    email: 'ADMIN_EMAIL',
    password: 'ADMIN_PASSWORD',
    firstName: 'ADMIN_FIRST_NAME',
    lastName: 'ADMIN_LAST_NAME',
  };
  if (!parsed.success) {
    // Messages only: zod's issue never carries the rejected value, so the password cannot leak here.
    const problems = parsed.error.issues.map(
      (issue) => `${variableOf[String(issue.path[0])] ?? 'ADMIN'}: ${issue.message}`,
    );
    throw new FirstAdminError(problems.join('; '));
  }
  if (isPasswordTooLong(parsed.data.password))
    throw new FirstAdminError('ADMIN_PASSWORD: Password is too long');
  const strength = measurePasswordStrength(parsed.data.password);
  // The first admin holds every key; a password weaker than the product's "Strong" is refused.
  if (!strength.isStrong) {
    const missing = strength.checks.filter((check) => !check.isMet).map((check) => check.label.toLowerCase());
    throw new FirstAdminError(`ADMIN_PASSWORD is too weak: it needs ${missing.join(', ')}`);
  }
  return parsed.data;
}

/**
 * Creates the first admin from the environment when the database has no admin; never a second one.
 * A transaction-scoped advisory lock keeps two API instances starting together from both creating one.
 */
export async function ensureFirstAdmin(sql: Sql, env: Env): Promise<FirstAdminResult> {
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('helpdesk:first-admin'))`;
    const [existing] = await tx`select 1 from users where role = 'admin' limit 1`;
    if (existing) return { outcome: 'exists' } as const;
    const input = readFirstAdminEnv(env);
    if (!input) return { outcome: 'not-configured' } as const;
    const [taken] = await tx`
      select 1 from users where lower(username) = lower(${input.username}) or lower(email) = lower(${input.email})`;
    if (taken) {
      throw new FirstAdminError(
        `a non-admin account already uses ADMIN_USERNAME or ADMIN_EMAIL; choose another or promote that account`,
      );
    }
    const passwordHash = await hashPassword(input.password);
    await tx`
      insert into users (username, email, password_hash, first_name, last_name, role, status, approved_at,
                         email_verified_at)
      values (${input.username}, ${input.email}, ${passwordHash}, ${input.firstName}, ${input.lastName},
              'admin', 'active', now(), now())`;
    return { outcome: 'created', username: input.username } as const;
  });
}
