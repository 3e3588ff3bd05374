/** Business constants and field caps (docs/product.md#limits-and-defaults), shared by the database, the API and the forms. */
export const LIMITS = {
  usernameMin: 3,
  usernameMax: 50,
  passwordMin: 8,
  /** Refused before hashing: argon2 on megabytes of input is a denial of service. */
  passwordMaxBytes: 1024,
  emailMax: 254,
  personNameMax: 100,
  profileImageUrlMax: 2048,
  ticketTitleMax: 500,
  ticketNumberMax: 50,
  nameMax: 255,
  articleTitleMax: 500,
  articleSlugMax: 500,
  categorySlugMax: 255,
  fileNameMax: 255,
  fileTypeMax: 100,
  filePathMax: 500,
  eventTypeMax: 100,
  auditActionMax: 100,
  ipAddressMax: 45,
  notificationTitleMax: 255,
  iconMax: 50,
  userListLimitDefault: 100,
  userListLimitMax: 1000,
  recentTicketsOnDashboard: 5,
  popularArticlesLimit: 5,
  kbSearchMinChars: 3,
  maxAttachmentBytes: 10 * 1024 * 1024,
  maxJsonBodyBytes: 1024 * 1024,
} as const;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** Session lifetime (docs/security.md#sessions-and-cookies): agents work long shifts, so idle expiry is a working day, not 30 minutes. */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
/** How long an invitation's set-password link works: the invited person may be away for days. */
export const INVITATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** How long an email confirmation link works (docs/security.md#verified-addresses). */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
