import type { TTicketRef } from '@helpdesk/contracts';
import { handleSessionEnded, limitMessage, toast } from '@helpdesk/shared-ui';

/** The texts (docs/product.md#error-messages) for the detail page's two changes. */
export const FEEDBACK = {
  update: { success: 'Ticket updated successfully', failure: 'Failed to update ticket' },
  comment: { success: 'Comment added successfully', failure: 'Failed to add comment' },
} as const;

export type TFeedbackKind = keyof typeof FEEDBACK;

/** The success toast of a ticket update or a new comment. */
export function reportSuccess(kind: TFeedbackKind) {
  toast({ title: 'Success', description: FEEDBACK[kind].success });
}

/** A reply that opened a follow-up ticket instead of landing on this one (docs/product.md#requester-replies). */
export function reportFollowUp(followUp: TTicketRef) {
  toast({
    title: 'Reply sent as a new ticket',
    description: `This ticket can no longer be reopened, so your reply opened ${followUp.ticketNumber}.`,
  });
}

/**
 * A failed update or comment: an ended session (401/403) goes to handleSessionEnded; a limit's
 * refusal is the 'Error' toast with the server's text (what was limited, when to try again); anything
 * else is the 'Error' toast with the action's text. `redirect` is replaceable for tests.
 */
export function reportFailure(kind: TFeedbackKind, error: unknown, redirect?: (url: string) => void) {
  if (handleSessionEnded(error, redirect)) return;
  toast({
    title: 'Error',
    description: limitMessage(error) ?? FEEDBACK[kind].failure,
    variant: 'destructive',
  });
}
