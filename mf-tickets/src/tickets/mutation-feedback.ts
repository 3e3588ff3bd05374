import type { TTicketRef } from '@helpdesk/contracts';
import { handleSessionEnded, limitMessage, toast } from '@helpdesk/shared-ui';
import { type TTicketFeedbackT, ticketFeedbackEnglish } from './messages.ts';

/** The texts (docs/product.md#error-messages) for the detail page's two changes, as catalogue ids. */
export const FEEDBACK = {
  update: { success: 'ticketFeedback.updated', failure: 'ticketFeedback.updateFailed' },
  comment: { success: 'ticketFeedback.commentAdded', failure: 'ticketFeedback.commentFailed' },
} as const;

export type TFeedbackKind = keyof typeof FEEDBACK;

/** The success toast of a ticket update or a new comment. */
export function reportSuccess(kind: TFeedbackKind, t: TTicketFeedbackT = ticketFeedbackEnglish) {
  toast({ title: t('ticketFeedback.success'), description: t(FEEDBACK[kind].success) });
}

/** A reply that opened a follow-up ticket instead of landing on this one (docs/product.md#requester-replies). */
export function reportFollowUp(followUp: TTicketRef, t: TTicketFeedbackT = ticketFeedbackEnglish) {
  toast({
    title: t('ticketFeedback.followUpTitle'),
    description: t('ticketFeedback.followUpText', { number: followUp.ticketNumber }),
  });
}

/**
 * A failed update or comment: an ended session (401/403) goes to handleSessionEnded; a limit's
 * refusal is the 'Error' toast with the server's text (what was limited, when to try again); anything
 * else is the 'Error' toast with the action's text. `redirect` is replaceable for tests.
 */
export function reportFailure(
  kind: TFeedbackKind,
  error: unknown,
  redirect?: (url: string) => void,
  t: TTicketFeedbackT = ticketFeedbackEnglish,
) {
  if (handleSessionEnded(error, redirect)) return;
  toast({
    title: t('ticketFeedback.error'),
    description: limitMessage(error) ?? t(FEEDBACK[kind].failure),
    variant: 'destructive',
  });
}
