import type { TTicketPresence, TUser } from '@helpdesk/contracts';
import type { Config } from '../config.ts';
import { sql } from '../db.ts';
import { tooManyRequests, unavailable } from '../errors.ts';
import type { Logger } from '../log.ts';
import { publishRealtime } from '../realtime/publish.ts';
import { realtimeHub } from '../realtime/service.ts';
import { ticketNotFound } from '../tickets/service.ts';
import { ticketExists } from './queries.ts';
import { presenceStore } from './store.ts';

export const PRESENCE_LIMIT_MESSAGES = {
  tooManyOpen: 'You have too many tickets open at once. Close some and try again.',
  tooManyJoins: 'Too many tickets opened in a minute. Wait a moment and try again.',
} as const;

type Deps = { config: Config; log: Logger };

/**
 * The store hears the other processes' viewers through the realtime hub's LISTEN, which the
 * first event stream would start: a process serving presence starts it itself (503 while the
 * database cannot be listened to). A viewer this process already knows needs no ticket lookup.
 */
async function ready(deps: Deps, caller: TUser, ticketId: string): Promise<void> {
  try {
    await realtimeHub(deps.config, deps.log).listen();
  } catch {
    throw unavailable();
  }
  if (presenceStore().has(caller.id, ticketId)) return;
  if (!(await ticketExists(sql, ticketId))) throw ticketNotFound();
}

/**
 * A heartbeat of the caller's ticket page (PUT): they view it, typing or not. A new viewer is
 * admitted under the caps (429 per user, 503 when the process is full); a heartbeat that changes
 * nothing and follows a recent one is coalesced (nothing published). Answers the other viewers.
 */
export async function beatPresence(
  deps: Deps,
  caller: TUser,
  ticketId: string,
  typing: boolean,
): Promise<TTicketPresence> {
  await ready(deps, caller, ticketId);
  const store = presenceStore();
  // No await from the admission to the beat: the caps are checked and taken in one step.
  if (!store.has(caller.id, ticketId)) {
    const admission = store.admit(caller.id);
    if (admission === 'join-rate') throw tooManyRequests(60, PRESENCE_LIMIT_MESSAGES.tooManyJoins);
    if (admission === 'user-limit') throw tooManyRequests(30, PRESENCE_LIMIT_MESSAGES.tooManyOpen);
    if (admission === 'process-limit') throw unavailable();
  }
  const message = store.beat(caller, ticketId, typing);
  if (message) await publishRealtime(sql, message);
  return { viewers: store.viewers(ticketId, caller.id) };
}

/** The caller left the ticket page (DELETE): the others hear at once; nothing when they were not viewing it. */
export async function leavePresence(deps: Deps, caller: TUser, ticketId: string): Promise<void> {
  await ready(deps, caller, ticketId);
  const message = presenceStore().leave(caller, ticketId);
  if (message) await publishRealtime(sql, message);
}

/** Everyone but the caller with the ticket open now, who opened it first first (GET). */
export async function ticketPresence(deps: Deps, caller: TUser, ticketId: string): Promise<TTicketPresence> {
  await ready(deps, caller, ticketId);
  return { viewers: presenceStore().viewers(ticketId, caller.id) };
}
