// Zod-free: the shell's start-up path reads these without loading zod (see constants/index.ts).

export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  validation: 'VALIDATION_FAILED',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
  accountPending: 'ACCOUNT_PENDING',
  accountRejected: 'ACCOUNT_REJECTED',
  accountInactive: 'ACCOUNT_INACTIVE',
} as const;
export type TErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/**
 * Server messages. The UI matches on parts of these (docs/product.md#error-messages): 'pending approval',
 * 'rejected', 'Username already exists', ... Change one only together with its matcher.
 */
export const SERVER_MESSAGES = {
  invalidCredentials: 'Invalid username or password',
  accountPending: 'Your account is pending approval',
  accountRejected: 'Your account has been rejected',
  accountInactive: 'Your account is not active',
  notAdmin: 'Access denied. Administrator credentials required.',
  usernameExists: 'Username already exists',
  emailExists: 'Email already exists',
  passwordRequirements: 'Password does not meet requirements',
  invalidRegistration: 'Invalid registration data',
  invalidUserId: 'Invalid user ID format',
  notAuthenticated: 'Not authenticated',
  forbidden: "You don't have permission to do that",
  crossSite: 'Cross-site request refused',
  notFound: 'Not found',
  validation: 'Invalid request',
  malformedJson: 'Malformed JSON body',
  unsupportedMediaType: 'Request body must be application/json',
  payloadTooLarge: 'Request body is too large',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  invalidStatusTransition: 'Only pending users can be approved or rejected',
  cannotChangeOwnStatus: 'You cannot change your own status',
  userNotFound: 'User not found',
  currentPasswordWrong: 'Current password is incorrect',
  passwordsDontMatch: "Passwords don't match",
  resetTokenInvalid: 'This reset link is invalid or has expired. Please request a new password reset.',
  resetRequested: 'If an administrator account exists with that email, reset instructions have been sent.',
  unavailable: 'Service temporarily unavailable',
  internal: 'Something went wrong. Please try again.',
} as const;
