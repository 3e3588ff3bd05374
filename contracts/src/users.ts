import { z } from 'zod';
import { API_PATHS } from './api-paths.ts';
import { personName } from './auth.ts';
import { SERVER_MESSAGES } from './errors.ts';
import { LIMITS } from './limits.ts';

export const USER_ROLES = ['admin', 'agent', 'end_user'] as const;
export const ZUserRole = z.enum(USER_ROLES);
export type TUserRole = z.infer<typeof ZUserRole>;

export const USER_STATUSES = ['pending', 'approved', 'rejected', 'active'] as const;
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

/** PATCH /api/admin/users/{userId}/status. approvedBy is the signed-in admin, never the body's. */
export const ZUpdateUserStatusRequest = z.strictObject({
  status: z.enum(['active', 'rejected']),
});
export type TUpdateUserStatusRequest = z.infer<typeof ZUpdateUserStatusRequest>;

/** `/api/admin/users/{userId}/role` */
export const adminUserRolePath = (userId: string) => `${API_PATHS.adminUsers}/${userId}/role`;

/**
 * POST /api/admin/users: an administrator creates an ACTIVE account with a chosen role (how agents
 * and other admins come to exist). Same field rules and 409 messages as registration
 * (SERVER_MESSAGES.usernameExists / emailExists); approvedBy/approvedAt are the creating admin.
 * Answers 201 { user }.
 */
export const ZCreateUserRequest = z.strictObject({
  username: z
    .string()
    .min(LIMITS.usernameMin, 'Username must be at least 3 characters')
    .max(LIMITS.usernameMax, 'Username must be less than 50 characters')
    .regex(/^[A-Za-z0-9._-]+$/, 'Username may only contain letters, numbers, dots, hyphens and underscores'),
  email: z.email('Invalid email address').max(LIMITS.emailMax, 'Invalid email address'),
  password: z
    .string()
    .min(LIMITS.passwordMin, 'Password must be at least 8 characters')
    .max(LIMITS.passwordMaxBytes, 'Password is too long'),
  firstName: personName('First name'),
  lastName: personName('Last name'),
  role: ZUserRole,
});
export type TCreateUserRequest = z.infer<typeof ZCreateUserRequest>;

/**
 * PATCH /api/admin/users/{userId}/role: answers { user }. Setting the role a user already has is a
 * no-op (200, no audit row). Refused: changing one's own role (403 USER_ADMIN_MESSAGES.cannotChangeOwnRole)
 * and demoting the last active admin (409 USER_ADMIN_MESSAGES.lastActiveAdmin).
 */
export const ZUpdateUserRoleRequest = z.strictObject({ role: ZUserRole });
export type TUpdateUserRoleRequest = z.infer<typeof ZUpdateUserRoleRequest>;

/** Server messages of the user administration the UI may show as they are. */
export const USER_ADMIN_MESSAGES = {
  cannotChangeOwnRole: 'You cannot change your own role',
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
