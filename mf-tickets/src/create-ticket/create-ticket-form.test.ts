import { describe, expect, test } from 'bun:test';
import { WRITE_LIMIT_MESSAGES, ZCreateTicketRequest } from '@helpdesk/contracts';
import { ApiRequestError } from '@helpdesk/shared-ui';
import { uploadFailureMessage } from '../attachments/attachment-files.ts';
import {
  attachmentFailureToast,
  CREATE_TICKET_DEFAULTS,
  canChooseRequester,
  createTicketBody,
  createTicketFailure,
} from './create-ticket-form.ts';

const valid = { ...CREATE_TICKET_DEFAULTS, title: '  VPN drops ', description: 'Every hour' };

describe('the form schema', () => {
  test('defaults are medium, other and the confirmation email on', () => {
    expect(CREATE_TICKET_DEFAULTS).toMatchObject({
      priority: 'medium',
      category: 'other',
      notifyRequester: true,
    });
  });

  test('subject and description are required with the spec messages', () => {
    const result = ZCreateTicketRequest.safeParse({ ...CREATE_TICKET_DEFAULTS, title: ' ', description: '' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages).toEqual([
      ['title', 'Subject is required'],
      ['description', 'Description is required'],
    ]);
  });
});

describe('createTicketBody', () => {
  const parsed = (values: typeof valid) => ZCreateTicketRequest.parse(values);

  test('an end user never sends a requester, even one typed in', () => {
    const body = createTicketBody(parsed({ ...valid, requesterEmail: 'boss@example.com' }), 'end_user');
    expect(body).toEqual({
      title: 'VPN drops',
      description: 'Every hour',
      priority: 'medium',
      category: 'other',
      notifyRequester: true,
    });
  });

  test('an agent files for the typed email; left empty, nothing stands in for it', () => {
    expect(createTicketBody(parsed({ ...valid, requesterEmail: 'ann@example.com' }), 'agent')).toMatchObject({
      requesterEmail: 'ann@example.com',
    });
    const own = createTicketBody(parsed(valid), 'admin');
    expect('requesterEmail' in own).toBe(false);
    expect(JSON.stringify(own)).not.toContain('anonymous-user');
  });

  test('the confirmation flag is sent as chosen', () => {
    expect(createTicketBody(parsed({ ...valid, notifyRequester: false }), 'agent').notifyRequester).toBe(
      false,
    );
  });

  test('only agents and admins choose a requester', () => {
    expect(canChooseRequester('agent')).toBe(true);
    expect(canChooseRequester('admin')).toBe(true);
    expect(canChooseRequester('end_user')).toBe(false);
  });
});

describe('createTicketFailure', () => {
  const error = (status: number, body: object) => new ApiRequestError(status, '', JSON.stringify(body));

  test('server field messages go under the known fields', () => {
    const e = error(400, {
      code: 'VALIDATION_FAILED',
      message: 'Invalid request',
      fields: { requesterEmail: 'No active user has this email', title: 'Subject is required' },
    });
    expect(createTicketFailure(e)).toEqual({
      kind: 'fields',
      fields: [
        ['requesterEmail', 'No active user has this email'],
        ['title', 'Subject is required'],
      ],
    });
  });

  test('anything else is the Error toast; unknown fields do not count', () => {
    const e = error(400, { code: 'VALIDATION_FAILED', message: 'x', fields: { role: 'Unrecognized key' } });
    expect(createTicketFailure(e)).toEqual({
      kind: 'toast',
      title: 'Error',
      description: 'Failed to create ticket',
    });
    expect(createTicketFailure(new TypeError('Failed to fetch')).kind).toBe('toast');
    expect(createTicketFailure(error(500, { code: 'INTERNAL_ERROR', message: 'x' })).kind).toBe('toast');
  });

  test("a limit's refusal is the Error toast with the server's text", () => {
    const message = WRITE_LIMIT_MESSAGES.tooManyTickets(120);
    expect(createTicketFailure(error(429, { code: 'TOO_MANY_REQUESTS', message }))).toEqual({
      kind: 'toast',
      title: 'Error',
      description: 'You have filed too many tickets in a short time. Please try again in 2 minutes.',
    });
    const full = error(413, { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' });
    expect(createTicketFailure(full)).toMatchObject({ description: 'Request body is too large' });
  });

  test('other failures keep the spec text, even with a server message', () => {
    for (const status of [400, 409, 500]) {
      expect(createTicketFailure(error(status, { code: 'X', message: 'server said no' }))).toMatchObject({
        description: 'Failed to create ticket',
      });
    }
    expect(createTicketFailure(new ApiRequestError(429, 'Too Many Requests', ''))).toMatchObject({
      description: 'Failed to create ticket',
    });
  });
});

describe('attachment failures after create', () => {
  test('name each file and the server reason', () => {
    const refused = new ApiRequestError(
      415,
      '',
      JSON.stringify({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'This file type is not allowed' }),
    );
    expect(uploadFailureMessage(refused)).toBe('This file type is not allowed');
    expect(uploadFailureMessage(new TypeError('Failed to fetch'))).toBe(
      'The upload did not reach the server.',
    );
    expect(
      attachmentFailureToast('TKT-000042', [
        { fileName: 'run.exe', message: 'This file type is not allowed' },
      ]),
    ).toEqual({
      title: 'Attachment not uploaded',
      description:
        'TKT-000042 was created, but a file was not attached. run.exe: This file type is not allowed',
      variant: 'destructive',
    });
    expect(
      attachmentFailureToast('TKT-000042', [
        { fileName: 'a.exe', message: 'x' },
        { fileName: 'b.exe', message: 'y' },
      ]).description,
    ).toBe('TKT-000042 was created, but 2 files were not attached. a.exe: x b.exe: y');
  });

  test("a limit's refusal of a file names the limit", () => {
    const message = WRITE_LIMIT_MESSAGES.ticketStorageFull(50 * 1024 * 1024);
    const full = new ApiRequestError(413, '', JSON.stringify({ code: 'PAYLOAD_TOO_LARGE', message }));
    expect(
      attachmentFailureToast('TKT-000042', [{ fileName: 'log.zip', message: uploadFailureMessage(full) }])
        .description,
    ).toBe(
      "TKT-000042 was created, but a file was not attached. log.zip: This ticket's attachments would exceed 50 MB, the most one ticket can hold.",
    );
  });
});
