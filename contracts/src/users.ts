import { z } from 'zod';
import { API_PATHS } from './api-paths.ts';
import { personName, ZRegisterRequest } from './auth.ts';
import { waitInWords } from './constants/wait-in-words.ts';
import { SERVER_MESSAGES } from './errors.ts';
import { LIMITS } from './limits.ts';

export const USER_ROLES = ['admin', 'agent', 'end_user'] as const;
export const ZUserRole = z.enum(USER_ROLES);
export type TUserRole = z.infer<typeof ZUserRole>;

/** 'inactive': an administrator deactivated the account (docs/product.md#accounts); it can be reactivated. */
export const USER_STATUSES = ['pending', 'approved', 'rejected', 'active', 'inactive'] as const;
export const ZUserStatus = z.enum(USER_STATUSES);
export type TUserStatus = z.infer<typeof ZUserStatus>;

/** A user as every API answer shows one: never the password hash. Dates are ISO strings. */
export const ZUser = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  /** Whether `email` is confirmed by its link; the desk mails and files tickets only for confirmed addresses. */
  emailVerified: z.boolean(),
  /** A new address asked for on the profile and not confirmed yet; `email` stays until it is. */
  pendingEmail: z.string().nullable(),
  /** Invited by an administrator and no password set yet: cannot sign in until the mailed link is used. */
  isInvited: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  role: ZUserRole,
  status: ZUserStatus,
  approvedBy: z.uuid().nullable(),
  approvedAt: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZUserResponse = z.object({ user: ZUser });
export type TUserResponse = z.infer<typeof ZUserResponse>;

export const ZUserIdParams = z.strictObject({
  userId: z.uuid({ error: SERVER_MESSAGES.invalidUserId }),
});

export const USER_LIST_STATUS_FILTERS = ['all', ...USER_STATUSES] as const;
export const USER_LIST_ROLE_FILTERS = ['all', ...USER_ROLES] as const;

/** GET /api/admin/users: filters are omitted (or 'all') for everything; limit/offset as in docs/product.md#validation. */
export const ZUserListQuery = z.strictObject({
  status: z.enum(USER_LIST_STATUS_FILTERS).optional(),
  role: z.enum(USER_LIST_ROLE_FILTERS).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIMITS.userListLimitMax)
    .optional()
    .default(LIMITS.userListLimitDefault),
  offset: z.coerce.number().int().min(0).optional().default(0),
});
export type TUserListQuery = z.infer<typeof ZUserListQuery>;

export const ZUserStatusCounts = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  active: z.number().int(),
  rejected: z.number().int(),
  inactive: z.number().int(),
});
export type TUserStatusCounts = z.infer<typeof ZUserStatusCounts>;

export const ZUserListResponse = z.object({
  users: z.array(ZUser),
  /** Users matching the filters, for paging. */
  total: z.number().int(),
  /** Every user by status, whatever the filters: the counts line. */
  counts: ZUserStatusCounts,
});
export type TUserListResponse = z.infer<typeof ZUserListResponse>;

/**
 * PATCH /api/admin/users/{userId}/status. A pending user becomes active (approve) or rejected
 * (reject), approvedBy being the signed-in admin, never the body's; an active user becomes inactive
 * (deactivate) and an inactive one active again (reactivate). Any other move is a 409.
 */
export const ZUpdateUserStatusRequest = z.strictObject({
  status: z.enum(['active', 'rejected', 'inactive']),
});
export type TUpdateUserStatusRequest = z.infer<typeof ZUpdateUserStatusRequest>;

/** `/api/admin/users/{userId}/role` */
export const adminUserRolePath = (userId: string) => `${API_PATHS.adminUsers}/${userId}/role`;

/**
 * POST /api/admin/users: an administrator creates an ACTIVE account with a chosen role (how agents
 * and other admins come to exist). Same field rules and 409 messages as registration
 * (SERVER_MESSAGES.usernameExists / emailExists); approvedBy/approvedAt are the creating admin.
 * Either with a password, or invited (sendInvitation: true, no password): the person sets their own
 * from a mailed link. Answers 201 { user }.
 */
export const ZCreateUserFields = ZRegisterRequest.extend({
  password: ZRegisterRequest.shape.password.optional(),
  role: ZUserRole,
  /** true: no password; the person gets a mail with a link to set their own (an invitation). */
  sendInvitation: z.boolean().optional(),
});

/** Add User sets a password or sends an invitation, never both and never neither (on the password field). */
function checkPasswordOrInvitation(
  value: { password?: string; sendInvitation?: boolean },
  context: z.RefinementCtx,
): void {
  const isInvite = value.sendInvitation === true;
  if (isInvite && value.password !== undefined) {
    context.addIssue({ code: 'custom', path: ['password'], message: 'An invitation sets no password' });
  }
  if (!isInvite && value.password === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['password'],
      message: 'Password must be at least 8 characters',
    });
  }
}

export const ZCreateUserRequest = ZCreateUserFields.superRefine(checkPasswordOrInvitation);
export type TCreateUserRequest = z.infer<typeof ZCreateUserRequest>;

/**
 * PATCH /api/admin/users/{userId}/role: answers { user }. Setting the role a user already has is a
 * no-op (200, no audit row). Refused: changing one's own role (403 USER_ADMIN_MESSAGES.cannotChangeOwnRole)
 * and demoting the last active admin (409 USER_ADMIN_MESSAGES.lastActiveAdmin).
 */
export const ZUpdateUserRoleRequest = z.strictObject({ role: ZUserRole });
export type TUpdateUserRoleRequest = z.infer<typeof ZUpdateUserRoleRequest>;

/**
 * PATCH /api/admin/users/{userId}: an administrator corrects a user's names or email, with the
 * registration's field rules. A changed email is unconfirmed until its owner follows the link mailed
 * to it; an address someone else confirmed is a 409 (SERVER_MESSAGES.emailExists). Answers { user }.
 */
export const ZUpdateUserRequest = z
  .strictObject({
    firstName: personName('First name').optional(),
    lastName: personName('Last name').optional(),
    email: z.email('Invalid email address').max(LIMITS.emailMax, 'Invalid email address').optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Nothing to change',
  });
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequest>;

/** `/api/admin/users/{userId}` */
export const adminUserPath = (userId: string) => `${API_PATHS.adminUsers}/${userId}`;

/** `/api/admin/users/{userId}/password-reset`: mails a reset link (an invited user: the invitation again). */
export const adminUserPasswordResetPath = (userId: string) =>
  `${API_PATHS.adminUsers}/${userId}/password-reset`;

/** Server messages of the user administration the UI may show as they are. */
export const USER_ADMIN_MESSAGES = {
  cannotChangeOwnRole: 'You cannot change your own role',
  cannotEditOwnAccount: 'Use your profile to change your own details',
  invalidLifecycleTransition: 'Only an active user can be deactivated, and only an inactive one reactivated',
  resetNeedsActiveUser: 'Only an active user can be sent a password reset link',
  resetNeedsConfirmedEmail: "This user's email address is not confirmed yet, so no link can be mailed to it",
  resetLinkSent: 'Password reset link sent',
  invitationSent: 'Invitation sent',
  tooManyLinks: (waitSeconds: number) =>
    `A link was mailed to this user a moment ago. Please try again in ${waitInWords(waitSeconds)}.`,
  tooManyAdminMails: (waitSeconds: number) =>
    `You have sent many account emails in a short time. Please try again in ${waitInWords(waitSeconds)}.`,
  userUpdated: 'User updated',
  lastActiveAdmin: 'There must always be at least one active administrator',
  userCreated: 'User created successfully',
  roleUpdated: 'User role updated',
} as const;

/** Labels of the roles for selects and badges. */
export const USER_ROLE_LABELS: Record<TUserRole, string> = {
  admin: 'Admin',
  agent: 'Agent',
  end_user: 'End User',
};
