import { type TUserRole, WRITE_LIMIT_MESSAGES } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import { tooManyRequests } from '../errors.ts';
import { tooLarge } from '../json-body.ts';
import type { Budget } from '../limits/limiter.ts';
import { enforceRateLimit } from '../limits/rate-limits.ts';
import { selectAttachmentUsage } from './queries.ts';

/**
 * Per-user limits on uploads (docs/security.md#write-limits): how often, how much is stored, how
 * many at once and how long one may stall. Staff attach logs and screenshots for callers all day,
 * so theirs are looser.
 */

const MINUTE = 60_000;
const MB = 1024 * 1024;

const isStaff = (role: TUserRole) => role === 'admin' || role === 'agent';

export const UPLOAD_LIMITS = {
  /** All attachments of one ticket together: room for ten full-size files. */
  ticketStorageBytes: 100 * MB,
  /** All attachments one end user ever uploaded. */
  endUserStorageBytes: 250 * MB,
  /** All attachments one agent or admin ever uploaded. */
  staffStorageBytes: 2048 * MB,
  /** Uploads one user runs at once in one API process (a browser sends a dropped batch 2 at a time anyway). */
  concurrentPerUser: 2,
  /** An upload that sends nothing for this long is cut off (its file removed). */
  idleTimeoutMs: 15_000,
  /** An upload still arriving after this long is cut off, however slowly it trickles. */
  totalTimeoutMs: 5 * MINUTE,
} as const;

/** Uploads: end users 10 at once, then one a minute; staff 60, then one every 10 s. */
export function uploadBudget(user: { id: string; role: TUserRole }): Budget {
  return isStaff(user.role)
    ? { key: `upload:user:${user.id}`, limit: 60, windowMs: 10 * MINUTE }
    : { key: `upload:user:${user.id}`, limit: 10, windowMs: 10 * MINUTE };
}

/** Spends one upload of the user's budget, or refuses with 429, Retry-After and the wait in words. */
export async function takeUpload(db: Db, user: { id: string; role: TUserRole }): Promise<void> {
  await enforceRateLimit(db, [uploadBudget(user)], WRITE_LIMIT_MESSAGES.tooManyUploads);
}

/** How many more bytes may be stored, and the refusal once a file would pass that. */
export type StorageRoom = { bytes: number; refusal: () => Error };

/**
 * The room left for one more file on the ticket and for the user: the smaller of the two, with the
 * quota message of the one that binds. A full quota is a 413 (the stored request is too large for
 * what is left), refused before the body is read.
 */
export async function storageRoom(
  db: Db,
  user: { id: string; role: TUserRole },
  ticketId: string,
): Promise<StorageRoom> {
  const usage = await selectAttachmentUsage(db, ticketId, user.id);
  const userQuota = isStaff(user.role) ? UPLOAD_LIMITS.staffStorageBytes : UPLOAD_LIMITS.endUserStorageBytes;
  const ticketRoom = UPLOAD_LIMITS.ticketStorageBytes - usage.ticketBytes;
  const userRoom = userQuota - usage.userBytes;
  const room =
    ticketRoom <= userRoom
      ? {
          bytes: ticketRoom,
          refusal: () => tooLarge(WRITE_LIMIT_MESSAGES.ticketStorageFull(UPLOAD_LIMITS.ticketStorageBytes)),
        }
      : { bytes: userRoom, refusal: () => tooLarge(WRITE_LIMIT_MESSAGES.userStorageFull(userQuota)) };
  if (room.bytes <= 0) throw room.refusal();
  return room;
}

const running = new Map<string, number>();

/**
 * Holds one of the user's concurrent upload slots until `release` (429 when all are taken). Counted
 * per API process: N processes allow N times as many, still a small fixed number per user.
 */
export function holdUploadSlot(userId: string): { release: () => void } {
  const count = running.get(userId) ?? 0;
  if (count >= UPLOAD_LIMITS.concurrentPerUser) {
    throw tooManyRequests(5, WRITE_LIMIT_MESSAGES.uploadsInProgress(UPLOAD_LIMITS.concurrentPerUser));
  }
  running.set(userId, count + 1);
  let isReleased = false;
  return {
    release: () => {
      if (isReleased) return;
      isReleased = true;
      const left = (running.get(userId) ?? 1) - 1;
      if (left <= 0) running.delete(userId);
      else running.set(userId, left);
    },
  };
}
