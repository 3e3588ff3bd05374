import { PRESENCE, type TTicketPresence, ticketPresencePath } from '@helpdesk/contracts';
import { apiRequest } from '@helpdesk/shared-ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { ticketPresenceKey } from '../tickets/ticket-query-keys.ts';

/** Keystrokes this recent count as writing even when the reply box has lost focus. */
const RECENT_KEYSTROKE_MS = 5_000;
/** A change of writing/not writing is sent once it has held this long (the server coalesces faster ones). */
const TYPING_SETTLE_MS = 1_000;

/** What the reply box reports: whether it holds text, has focus, and that a key was just pressed. */
export type TDraftActivity = { hasText: boolean; isFocused: boolean; isKeystroke?: boolean };

function leave(ticketId: string) {
  // keepalive lets the request outlive the page (sendBeacon can only POST).
  void fetch(ticketPresencePath(ticketId), {
    method: 'DELETE',
    credentials: 'include',
    keepalive: true,
  }).catch(() => {});
}

/**
 * Presence on a ticket page (agents and admins): a heartbeat every PRESENCE.heartbeatMs saying
 * whether the caller is writing a reply, leaving on unmount and on pagehide, and the other
 * viewers (from each heartbeat's answer, and refetched on the stream's `presence` events).
 * Presence is best effort: a failed heartbeat shows nothing and the next one tries again.
 */
export function useTicketPresence(ticketId: string, isEnabled: boolean) {
  const queryClient = useQueryClient();
  const viewers = useQuery<TTicketPresence>({ queryKey: ticketPresenceKey(ticketId), enabled: isEnabled });
  const typing = useRef({ sent: false, wanted: false, lastKeyAt: 0 });
  const timers = useRef<{ settle?: number; idle?: number }>({});
  const beatRef = useRef<() => void>(() => {});

  useEffect(() => {
    if (!isEnabled) return;
    // Another ticket starts with an empty reply box (the form is remounted for it).
    typing.current = { sent: false, wanted: false, lastKeyAt: 0 };
    let isLive = true;
    // The last heartbeat: leaving waits for it, or a late heartbeat would bring the viewer back until expiry.
    let inFlight: Promise<void> = Promise.resolve();
    const beat = () => {
      const wanted = typing.current.wanted;
      typing.current.sent = wanted;
      inFlight = apiRequest<TTicketPresence>('PUT', ticketPresencePath(ticketId), { typing: wanted }).then(
        (answer) => {
          if (isLive) queryClient.setQueryData(ticketPresenceKey(ticketId), answer);
        },
        () => {},
      );
    };
    beatRef.current = beat;
    beat();
    const heartbeat = window.setInterval(beat, PRESENCE.heartbeatMs);
    const onPageHide = () => leave(ticketId);
    // Back from the back-forward cache: present again at once.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) beat();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    const pending = timers.current;
    return () => {
      isLive = false;
      beatRef.current = () => {};
      window.clearInterval(heartbeat);
      window.clearTimeout(pending.settle);
      window.clearTimeout(pending.idle);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      void inFlight.then(() => leave(ticketId));
    };
  }, [ticketId, isEnabled, queryClient]);

  /** The reply box changed: writing means text in it and focus or a keystroke in the last few seconds. */
  const reportDraft = useCallback((activity: TDraftActivity) => {
    const state = typing.current;
    const now = Date.now();
    if (activity.isKeystroke) state.lastKeyAt = now;
    const isRecent = now - state.lastKeyAt < RECENT_KEYSTROKE_MS;
    state.wanted = activity.hasText && (activity.isFocused || isRecent);
    const pending = timers.current;
    window.clearTimeout(pending.idle);
    if (state.wanted && !activity.isFocused) {
      // Unfocused but recently typed: stops counting as writing once the keystrokes are old.
      pending.idle = window.setTimeout(
        () => reportDraft({ hasText: activity.hasText, isFocused: false }),
        RECENT_KEYSTROKE_MS - (now - state.lastKeyAt),
      );
    }
    window.clearTimeout(pending.settle);
    pending.settle = window.setTimeout(() => {
      if (state.wanted !== state.sent) beatRef.current();
    }, TYPING_SETTLE_MS);
  }, []);

  return { viewers: viewers.data?.viewers ?? [], reportDraft };
}
