import { describe, expect, test } from 'bun:test';
import { SLA_MESSAGES } from '@helpdesk/contracts';
import { ApiRequestError } from '@helpdesk/shared-ui';
import { isStaleTicket, waitingFailureText } from './use-waiting.ts';

const refused = (status: number, message: string) =>
  new ApiRequestError(status, 'Refused', JSON.stringify({ code: 'REFUSED', message }));

describe('a refused hold or resume', () => {
  test("shows the server's reason, or a general one", () => {
    expect(waitingFailureText(refused(400, SLA_MESSAGES.untilInPast))).toBe(SLA_MESSAGES.untilInPast);
    expect(waitingFailureText(new Error('network down'))).toBe(
      'The change could not be saved. Please try again.',
    );
  });

  test('a 409 means the ticket changed elsewhere; a 400 does not', () => {
    expect(isStaleTicket(refused(409, SLA_MESSAGES.notWaiting))).toBe(true);
    expect(isStaleTicket(refused(400, SLA_MESSAGES.untilInPast))).toBe(false);
    expect(isStaleTicket(new Error('409'))).toBe(false);
  });
});
