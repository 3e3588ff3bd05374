import { API_PATHS, MAILBOX_PATHS } from '@helpdesk/contracts';

/** GET /api/admin/mailboxes: the default query function fetches it from the key. */
export const MAILBOXES_KEY = [MAILBOX_PATHS.mailboxes] as const;

/** GET /api/admin/mailboxes/messages?status=failed, page by page (the cursor is the page param). */
export const FAILED_MESSAGES_KEY = [MAILBOX_PATHS.messages, 'failed'] as const;

/** GET /api/teams, the form's team choices (the Teams tab shares the cache). */
export const TEAMS_KEY = [API_PATHS.teams] as const;
