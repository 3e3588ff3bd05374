import { z } from 'zod';
import { ZUser } from './users.ts';

/**
 * Two-factor authentication with a time-based code (TOTP) and single-use recovery codes
 * (docs/product.md#two-factor-authentication). Its own paths constant, not API_PATHS: the shell's
 * start-up entry bundles API_PATHS whole, and nothing here is needed before sign-in's page loads.
 */
export const TWO_FACTOR_PATHS = {
  /** GET (signed in): whether two-factor is on, how many recovery codes are left, whether it is required. */
  status: '/api/auth/two-factor',
  /** POST (signed in): a new secret to set up, shown once as text, otpauth URI and QR code. */
  setup: '/api/auth/two-factor/setup',
  /** POST (signed in) { code }: confirms the setup; answers the ten recovery codes, once. */
  enable: '/api/auth/two-factor/enable',
  /** POST (signed in) { password } or { code }: turns two-factor off. */
  disable: '/api/auth/two-factor/disable',
  /** POST (signed in) { password } or { code }: ten new recovery codes; the old ones stop working. */
  recoveryCodes: '/api/auth/two-factor/recovery-codes',
  /** POST (challenge cookie) { code } or { recoveryCode }: completes a password sign-in. */
  challengeVerify: '/api/auth/two-factor/challenge/verify',
  /** POST (challenge cookie, setup): the secret a required account sets up during its sign-in. */
  challengeSetup: '/api/auth/two-factor/challenge/setup',
  /** POST (challenge cookie, setup) { code }: confirms it; starts the session, answers the recovery codes. */
  challengeConfirm: '/api/auth/two-factor/challenge/confirm',
} as const;

/** DELETE (admins): clears another user's two-factor (audited); the admin's own is refused. */
export const adminUserTwoFactorPath = (userId: string) => `/api/admin/users/${userId}/two-factor`;

export const TWO_FACTOR_LIMITS = {
  recoveryCodeCount: 10,
  /** Five minutes between the right password and the code. */
  challengeSeconds: 300,
  /** Wrong codes one challenge survives; the limiter of failed sign-ins counts them as well. */
  challengeFailuresMax: 5,
  /** Longer than any code with spaces or dashes; anything longer is refused before it is looked at. */
  codeMax: 32,
} as const;

/** What a password sign-in answers instead of `{ user }` when a second step is needed. */
export const TWO_FACTOR_STEPS = ['code', 'setup'] as const;
export const ZTwoFactorStep = z.enum(TWO_FACTOR_STEPS);
export type TTwoFactorStep = z.infer<typeof ZTwoFactorStep>;
export const ZTwoFactorStepResponse = z.object({ twoFactor: ZTwoFactorStep });
export type TTwoFactorStepResponse = z.infer<typeof ZTwoFactorStepResponse>;

/** POST /api/auth/login and /api/auth/admin/login: the user, or the second step the sign-in needs. */
export const ZSignInResponse = z.union([z.object({ user: ZUser }), ZTwoFactorStepResponse]);
export type TSignInResponse = z.infer<typeof ZSignInResponse>;

/** Server texts the two-factor screens show. */
export const TWO_FACTOR_MESSAGES = {
  /** Every failure of a sign-in's second step answers this alike (wrong, used or expired code, no challenge). */
  invalidCode: 'The code is not valid, or the sign-in has expired. Try again or sign in again.',
  /** A wrong code when setting up or confirming on the profile. */
  wrongCode: 'That code is not right. Check the time on your device and try again.',
  wrongPassword: 'The password or code is not right',
  proofRequired: 'Enter your password or a code from your authenticator app',
  alreadyOn: 'Two-factor authentication is already on',
  notOn: 'Two-factor authentication is not on',
  noSetup: 'Start the setup again',
  cleared: 'Two-factor authentication was cleared',
  nothingToClear: 'This user does not use two-factor authentication',
  cannotClearOwn: 'Use your profile to change your own two-factor authentication',
  codeRequired: 'Enter a code',
  codeTooLong: 'The code is too long',
} as const;

const ZCode = z
  .string()
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.codeRequired)
  .max(TWO_FACTOR_LIMITS.codeMax, TWO_FACTOR_MESSAGES.codeTooLong);

/** GET status. */
export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** The desk requires it of this account (staff while the setting is on). */
  required: z.boolean(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** A secret being set up: shown as text, as an otpauth URI and as a QR code (SVG markup). Never again after. */
export const ZTwoFactorSetup = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrSvg: z.string(),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

/** POST enable and challenge confirm: a code from the app. */
export const ZTwoFactorCodeRequest = z.strictObject({ code: ZCode });
export type TTwoFactorCodeRequest = z.infer<typeof ZTwoFactorCodeRequest>;

/** POST challenge verify: a code from the app, or one of the recovery codes. */
export const ZTwoFactorVerifyRequest = z.union([
  z.strictObject({ code: ZCode }),
  z.strictObject({ recoveryCode: ZCode }),
]);
export type TTwoFactorVerifyRequest = z.infer<typeof ZTwoFactorVerifyRequest>;

/** POST disable and recovery codes: the current password, or a code (app or recovery). */
export const ZTwoFactorProofRequest = z.strictObject({
  password: z.string().max(1024, TWO_FACTOR_MESSAGES.wrongPassword).optional(),
  code: ZCode.optional(),
});
export type TTwoFactorProofRequest = z.infer<typeof ZTwoFactorProofRequest>;

/** The profile's proof form when it asks for the password. */
export const ZTwoFactorPasswordProof = z.strictObject({
  password: z.string().min(1, TWO_FACTOR_MESSAGES.proofRequired).max(1024, TWO_FACTOR_MESSAGES.wrongPassword),
});

export const ZRecoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodesResponse = z.infer<typeof ZRecoveryCodesResponse>;

/** Challenge confirm: the session's user and the recovery codes, shown once. */
export const ZTwoFactorConfirmResponse = z.object({ user: ZUser, recoveryCodes: z.array(z.string()) });
export type TTwoFactorConfirmResponse = z.infer<typeof ZTwoFactorConfirmResponse>;
