import { z } from 'zod';
import { waitInWords } from './constants/wait-in-words.ts';
import { LIMITS } from './limits.ts';

/**
 * The first-day checklist an admin of a new desk sees on the dashboard (docs/product.md#first-day-checklist).
 * Each item is computed by the server from the desk's own data. A new item is one key here, its label and
 * screen below, and one fact in api/src/onboarding.
 */
export const ONBOARDING_ITEM_KEYS = [
  'company',
  'mailServer',
  'team',
  'agents',
  'serviceLevels',
  'knowledgeBase',
] as const;
export const ZOnboardingItemKey = z.enum(ONBOARDING_ITEM_KEYS);
export type TOnboardingItemKey = z.infer<typeof ZOnboardingItemKey>;

/** What the checklist says for each item, and the screen where it is done. */
export const ONBOARDING_ITEMS: Record<TOnboardingItemKey, { label: string; hint: string; to: string }> = {
  company: {
    label: 'Company name and email',
    hint: 'Name the desk and the address its mail comes from.',
    to: '/admin/settings',
  },
  mailServer: {
    label: 'Mail server',
    hint: 'Enter your SMTP server and send a test mail.',
    to: '/admin/settings',
  },
  team: { label: 'A team', hint: 'Create a team on the Teams tab.', to: '/admin/users' },
  agents: { label: 'Agents invited', hint: 'Add at least one agent besides you.', to: '/admin/users' },
  serviceLevels: {
    label: 'Service levels',
    hint: 'Set how soon tickets are answered and resolved: at least one active SLA policy.',
    to: '/admin/service-levels',
  },
  knowledgeBase: {
    label: 'Knowledge base',
    hint: 'Create a knowledge base category so articles have a home.',
    to: '/kb',
  },
};

/** GET /api/admin/onboarding (admins): each item in order, and whether the list is still shown. */
export const ZOnboardingStatus = z.object({
  items: z.array(z.object({ key: ZOnboardingItemKey, isDone: z.boolean() })),
  isDismissed: z.boolean(),
  /** Not dismissed and at least one item still open. */
  isVisible: z.boolean(),
});
export type TOnboardingStatus = z.infer<typeof ZOnboardingStatus>;

/** POST /api/admin/onboarding/dismiss: no fields; answers the status (isVisible false). */
export const ZDismissOnboardingRequest = z.strictObject({});

/** POST /api/admin/settings/test-mail: to the signed-in admin's own address unless `to` names another. */
export const ZTestMailRequest = z.strictObject({
  to: z
    .email('Please enter a valid email address')
    .max(LIMITS.emailMax, 'Please enter a valid email address')
    .optional(),
});
export type TTestMailRequest = z.infer<typeof ZTestMailRequest>;

/** The mail server accepted the message: where it went and through which server (host:port). */
export const ZTestMailResponse = z.object({ recipient: z.string(), server: z.string() });
export type TTestMailResponse = z.infer<typeof ZTestMailResponse>;

export const ONBOARDING_MESSAGES = {
  title: 'First-day checklist',
  dismissConfirm: 'Hide the checklist for every admin of this desk? Nothing else changes.',
  dismissError: 'Failed to hide the checklist',
  loadError: 'Failed to load the checklist',
} as const;

export const TEST_MAIL_MESSAGES = {
  notConfigured:
    'SMTP is not configured: enter an SMTP host in Settings and save it (or set SMTP_HOST), then send a test mail',
  failed: (reason: string) => `The mail server did not accept the test mail: ${reason}`,
  sent: (recipient: string) => `Test mail sent to ${recipient}`,
  tooMany: (waitSeconds: number) =>
    `You have sent too many test mails in a short time. Please try again in ${waitInWords(waitSeconds)}.`,
  error: 'Failed to send a test mail',
} as const;
