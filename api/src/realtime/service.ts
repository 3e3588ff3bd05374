import { ERROR_CODES, REALTIME, REALTIME_MESSAGES, SERVER_MESSAGES, type TUser } from '@helpdesk/contracts';
import type { Config } from '../config.ts';
import { deskSnapshots } from '../dashboard/desk-snapshot.ts';
import { sql } from '../db.ts';
import { ApiError, unauthenticated } from '../errors.ts';
import type { Logger } from '../log.ts';
import { unreadCountCache } from '../notifications/count-cache.ts';
import { presenceStore } from '../presence/store.ts';
import { type HubStream, RealtimeHub } from './hub.ts';
import { selectLiveSessionRoles } from './queries.ts';

// A client that stops reading while events pile up is cut off rather than buffered forever.
const MAX_QUEUED_CHUNKS = 256;
const encoder = new TextEncoder();

let processHub: RealtimeHub | null = null;

/**
 * Ends the streams that must not stay open: those whose session ended (logout, expiry), whose user
 * is no longer active, or whose role changed (the client reconnects and is served by its new role).
 */
async function streamsToEnd(streams: readonly HubStream[]): Promise<HubStream[]> {
  const live = await selectLiveSessionRoles(sql, [...new Set(streams.map((stream) => stream.sid))]);
  const roleBySid = new Map(live.map((row) => [row.sid, row.role]));
  return streams.filter((stream) => roleBySid.get(stream.sid) !== stream.role);
}

/** This process's realtime hub (one LISTEN for all of its streams), made on first use. */
export function realtimeHub(config: Config, log: Logger): RealtimeHub {
  processHub ??= new RealtimeHub({
    sql,
    log,
    heartbeatMs: config.realtime.heartbeatMs,
    maxStreams: config.realtime.maxStreams,
    maxStreamsPerUser: config.realtime.maxStreamsPerUser,
    verify: streamsToEnd,
    // The process caches hear the same messages on their own LISTEN; whichever connection hears
    // one first drops what it names, so an event never reaches a client before that.
    beforeDeliver: (payload) => {
      unreadCountCache().onRealtime(payload);
      deskSnapshots().onRealtime(payload);
    },
    onPresence: (message) => presenceStore().hear(message),
  });
  return processHub;
}

/**
 * Ends a user's open streams in this process at once. Other processes end theirs when they hear
 * the user's sessions end on the session channel (migration 00031's triggers), which this process
 * hears too; this only spares the wait for that round trip.
 */
export function closeUserStreams(userId: string): void {
  processHub?.closeUser(userId);
}

/** Ends every open stream and this process's LISTEN (shutdown: streams never finish on their own). */
export function stopRealtime(): void {
  processHub?.stop();
}

/**
 * Opens the caller's event stream (GET /api/events), whatever the push switch says (that switch
 * governs desktop notifications, docs/product.md#notifications): 429 past the per-user cap, 503 past the per-process cap or while the database cannot be listened to.
 * The stream starts with a `retry:` hint, carries `notifications` and (staff only) `ticket`
 * events, a heartbeat comment, and ends when the client leaves or a heartbeat finds the session over.
 */
export async function openEventStream(
  hub: RealtimeHub,
  caller: { user: TUser; sid: string; signal: AbortSignal },
): Promise<Response> {
  let isLive: boolean;
  try {
    // A fresh look at the session, which also finds a database that has gone away (503) before the
    // hub's LISTEN connection has noticed: a stream opened then would hear nothing.
    isLive = (await selectLiveSessionRoles(sql, [caller.sid])).length > 0;
    await hub.listen();
  } catch {
    throw new ApiError(503, ERROR_CODES.unavailable, SERVER_MESSAGES.unavailable, undefined, {
      'retry-after': '5',
    });
  }
  if (!isLive) throw unauthenticated();
  // No await from here until add(): the caps are checked and taken in one step.
  const admission = hub.admit(caller.user.id);
  if (admission === 'user-limit') {
    throw new ApiError(429, ERROR_CODES.tooManyRequests, REALTIME_MESSAGES.tooManyStreams, undefined, {
      'retry-after': '30',
    });
  }
  if (admission !== 'ok') {
    throw new ApiError(503, ERROR_CODES.unavailable, SERVER_MESSAGES.unavailable, undefined, {
      'retry-after': '10',
    });
  }

  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let isClosed = false;
  const finish = () => {
    if (isClosed) return false;
    isClosed = true;
    hub.remove(stream);
    caller.signal.removeEventListener('abort', onAbort);
    return true;
  };
  const stream: HubStream = {
    userId: caller.user.id,
    sid: caller.sid,
    role: caller.user.role,
    write: (text) => {
      if (isClosed || !controller) return false;
      if ((controller.desiredSize ?? 0) < -MAX_QUEUED_CHUNKS) {
        stream.close();
        return false;
      }
      try {
        controller.enqueue(encoder.encode(text));
        return true;
      } catch {
        finish();
        return false;
      }
    },
    close: () => {
      if (!finish()) return;
      try {
        controller?.close();
      } catch {
        // Already closed by the client.
      }
    },
  };
  const onAbort = () => stream.close();

  const body = new ReadableStream<Uint8Array>({
    start: (streamController) => {
      controller = streamController;
      streamController.enqueue(encoder.encode(`retry: ${REALTIME.retryMs}\n: connected\n\n`));
    },
    cancel: () => {
      finish();
    },
  });
  hub.add(stream);
  caller.signal.addEventListener('abort', onAbort, { once: true });
  if (caller.signal.aborted) stream.close();

  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Tells nginx-style proxies not to buffer; nothing here compresses a stream.
      'x-accel-buffering': 'no',
    },
  });
}
