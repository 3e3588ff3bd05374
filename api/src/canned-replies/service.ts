import {
  CANNED_REPLY_LIMITS,
  CANNED_REPLY_MESSAGES,
  type TCannedReply,
  type TCannedReplyListResponse,
  type TCreateCannedReplyRequest,
  type TUpdateCannedReplyRequest,
  type TUser,
} from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import type { Budget } from '../limits/limiter.ts';
import { enforceRateLimit } from '../limits/rate-limits.ts';
import {
  type CannedReplyRow,
  countRepliesBy,
  countSharedReplies,
  deleteReply,
  insertReply,
  lockCapKey,
  type Reader,
  selectVisibleReplies,
  selectVisibleReply,
  selectVisibleReplyForUpdate,
  updateReply,
} from './queries.ts';

/**
 * Canned replies (docs/product.md#canned-replies, docs/security.md#canned-replies). Routes admit staff
 * only; the rules here decide the rest: a personal reply is its owner's alone (to anyone else it does not
 * exist, a 404 like an unknown id), a shared one is read by all staff and changed by its author or an admin.
 */

const SHARED_CAP_KEY = 'shared';

const readerOf = (user: TUser): Reader => ({ id: user.id, isAdmin: user.role === 'admin' });

/** Adding, changing and deleting replies: 60 at once, then one every 10 s, per person. */
function cannedReplyWriteBudget(user: { id: string }): Budget {
  return { key: `canned-reply:user:${user.id}`, limit: 60, windowMs: 10 * 60_000 };
}

/**
 * Spends one change of the person's budget inside the change's transaction, after its checks: a refused
 * change (unknown, not theirs, over a cap) spends nothing, and a 429 rolls the transaction back.
 */
async function takeWrite(tx: Db, user: TUser): Promise<void> {
  await enforceRateLimit(tx, [cannedReplyWriteBudget(user)], CANNED_REPLY_MESSAGES.tooManyChanges);
}

async function assertSharedRoom(tx: Db): Promise<void> {
  await lockCapKey(tx, SHARED_CAP_KEY);
  if ((await countSharedReplies(tx)) >= CANNED_REPLY_LIMITS.sharedMax) {
    throw conflict(CANNED_REPLY_MESSAGES.tooManyShared);
  }
}

/** The reply, locked, when the reader may change it: 404 when they cannot see it, 403 when it is not theirs to change. */
async function lockChangeableReply(tx: Db, reader: Reader, replyId: string): Promise<CannedReplyRow> {
  const row = await selectVisibleReplyForUpdate(tx, reader, replyId);
  if (!row) throw notFound(CANNED_REPLY_MESSAGES.replyNotFound);
  // A personal reply is visible to its owner only; a shared one needs its author or an admin.
  if (row.ownerId === null && row.createdBy !== reader.id && !reader.isAdmin) {
    throw forbidden(CANNED_REPLY_MESSAGES.notYours);
  }
  return row;
}

async function visibleReply(reader: Reader, id: string): Promise<TCannedReply> {
  const reply = await selectVisibleReply(sql, reader, id);
  if (!reply) throw notFound(CANNED_REPLY_MESSAGES.replyNotFound);
  return reply;
}

/** The caller's personal replies and the shared ones, by title. */
export async function listCannedReplies(user: TUser): Promise<TCannedReplyListResponse> {
  return { replies: await selectVisibleReplies(sql, readerOf(user)) };
}

/** Adds a personal or shared reply written by the caller, within the per-person and shared caps. */
export async function createCannedReply(
  user: TUser,
  request: TCreateCannedReplyRequest,
): Promise<TCannedReply> {
  const id = await sql.begin(async (tx) => {
    await lockCapKey(tx, user.id);
    if ((await countRepliesBy(tx, user.id)) >= CANNED_REPLY_LIMITS.perPersonMax) {
      throw conflict(CANNED_REPLY_MESSAGES.tooManyReplies);
    }
    if (request.isShared) await assertSharedRoom(tx);
    await takeWrite(tx, user);
    return insertReply(tx, {
      title: request.title,
      body: request.body,
      ownerId: request.isShared ? null : user.id,
      setStatus: request.setStatus ?? null,
      createdBy: user.id,
    });
  });
  return visibleReply(readerOf(user), id);
}

/**
 * Changes a reply the caller may change. Sharing a personal reply keeps its author; making a shared one
 * personal makes it the caller's own (an admin doing so takes it from everyone, as deleting it would).
 */
export async function updateCannedReply(
  user: TUser,
  replyId: string,
  change: TUpdateCannedReplyRequest,
): Promise<TCannedReply> {
  const reader = readerOf(user);
  await sql.begin(async (tx) => {
    const row = await lockChangeableReply(tx, reader, replyId);
    const isShared = row.ownerId === null;
    let ownerId: string | null | undefined;
    if (change.isShared === true && !isShared) {
      await assertSharedRoom(tx);
      ownerId = null;
    } else if (change.isShared === false && isShared) {
      ownerId = user.id;
    }
    await takeWrite(tx, user);
    await updateReply(tx, replyId, {
      title: change.title,
      body: change.body,
      ownerId,
      setStatus: change.setStatus,
    });
  });
  return visibleReply(reader, replyId);
}

/** Deletes a reply the caller may change. */
export async function deleteCannedReply(user: TUser, replyId: string): Promise<void> {
  const reader = readerOf(user);
  await sql.begin(async (tx) => {
    const row = await lockChangeableReply(tx, reader, replyId);
    await takeWrite(tx, user);
    await deleteReply(tx, row.id);
  });
}
