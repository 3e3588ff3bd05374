import '../zod-config.ts';
import type { TCreateTicketRequest, TUserRole, ZCreateTicketRequest } from '@helpdesk/contracts';
import { ApiRequestError, limitMessage } from '@helpdesk/shared-ui';
import type { z } from 'zod';
import { createTicketEnglish, type TCreateTicketT } from './messages.ts';

export type TCreateTicketFormInput = z.input<typeof ZCreateTicketRequest>;
export type TCreateTicketFormOutput = z.output<typeof ZCreateTicketRequest>;
export type TCreateTicketField = keyof TCreateTicketFormInput;

/** The defaults: medium priority, category other, confirmation email on. */
export const CREATE_TICKET_DEFAULTS: Required<TCreateTicketFormInput> = {
  title: '',
  description: '',
  priority: 'medium',
  category: 'other',
  // The form names a requester by email only; an id is for API callers.
  requesterId: '',
  requesterEmail: '',
  notifyRequester: true,
};

const FIELDS = Object.keys(CREATE_TICKET_DEFAULTS) as TCreateTicketField[];

/** Agents and admins may file for someone else; an end user is always the requester. */
export function canChooseRequester(role: TUserRole): boolean {
  return role === 'agent' || role === 'admin';
}

/**
 * The POST body from the validated form: the requester's email only when the user may choose one
 * and typed one (left empty, the server makes the creator the requester; nothing stands in for it).
 */
export function createTicketBody(values: TCreateTicketFormOutput, role: TUserRole): TCreateTicketRequest {
  const { requesterEmail, requesterId: _byEmailOnly, ...rest } = values;
  const email = requesterEmail?.trim() ?? '';
  return canChooseRequester(role) && email !== '' ? { ...rest, requesterEmail: email } : rest;
}

export type TCreateTicketFailure =
  | { kind: 'fields'; fields: [TCreateTicketField, string][] }
  | { kind: 'toast'; title: string; description: string };

function isField(name: string): name is TCreateTicketField {
  return (FIELDS as string[]).includes(name);
}

/**
 * What a failed create shows (docs/product.md#error-messages): the server's field messages under the fields they name, else the
 * 'Error' toast, which says what a limit refused and when to try again, or 'Failed to create ticket'
 * for anything else. An ended session never gets here: handleSessionEnded takes it first.
 */
export function createTicketFailure(
  error: unknown,
  t: TCreateTicketT = createTicketEnglish,
): TCreateTicketFailure {
  const fieldErrors = error instanceof ApiRequestError ? error.fields : {};
  const fields = Object.entries(fieldErrors).filter((entry): entry is [TCreateTicketField, string] =>
    isField(entry[0]),
  );
  if (fields.length > 0) return { kind: 'fields', fields };
  return {
    kind: 'toast',
    title: t('createTicket.error'),
    description: limitMessage(error) ?? t('createTicket.failed'),
  };
}

export type TUploadFailure = { fileName: string; message: string };

/** The toast after a ticket was created but some of its files were not attached (the ticket stays). */
export function attachmentFailureToast(
  ticketNumber: string,
  failures: readonly TUploadFailure[],
  t: TCreateTicketT = createTicketEnglish,
) {
  const lines = failures
    .map((f) => t('createTicket.uploadFailure', { name: f.fileName, reason: f.message }))
    .join(' ');
  const count = failures.length;
  return {
    title: t('createTicket.attachmentFailed', { count }),
    description: t('createTicket.attachmentFailedText', { count, number: ticketNumber, lines }),
    variant: 'destructive' as const,
  };
}
