import type { TApiTokenScope } from '@helpdesk/contracts';
import type { TApiTokensMessageId } from './messages.ts';

/** Each scope's name as a person reads it (the scope itself is shown beside it, as scripts name it). */
export const SCOPE_LABEL_IDS: Readonly<Record<TApiTokenScope, TApiTokensMessageId>> = {
  'tickets:read': 'apiTokens.scope.ticketsRead',
  'tickets:write': 'apiTokens.scope.ticketsWrite',
  'kb:read': 'apiTokens.scope.kbRead',
  'kb:write': 'apiTokens.scope.kbWrite',
  admin: 'apiTokens.scope.admin',
};

/** Whether a token's expiry has passed. */
export function isExpired(expiresAt: string, now: Date = new Date()): boolean {
  return Date.parse(expiresAt) <= now.getTime();
}
