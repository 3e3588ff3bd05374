import { type TUserRole, WRITE_LIMIT_MESSAGES } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import type { Budget } from '../limits/limiter.ts';
import { enforceRateLimit } from '../limits/rate-limits.ts';

const MINUTE = 60_000;

/**
 * Category changes (create, edit, move, delete) per staff member (docs/security.md#write-limits): 60 at once,
 * then one every 10 s. Setting up a knowledge base takes a few dozen; a script creating thousands does not get far.
 */
export function categoryWriteBudget(user: { id: string; role: TUserRole }): Budget {
  return { key: `kb-category:user:${user.id}`, limit: 60, windowMs: 10 * MINUTE };
}

/** Spends one category change of the user's budget, or refuses with 429, Retry-After and the wait in words. */
export async function takeCategoryWrite(db: Db, user: { id: string; role: TUserRole }): Promise<void> {
  await enforceRateLimit(db, [categoryWriteBudget(user)], WRITE_LIMIT_MESSAGES.tooManyCategoryChanges);
}
