import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { invisibleCharactersMessage, VISIBLE_LINE } from './text.ts';

const password = (message: string) =>
  z.string().min(LIMITS.passwordMin, message).max(LIMITS.passwordMaxBytes, 'Password is too long');

/** A first or last name: `label` names the field in its messages. */
export const personName = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(LIMITS.personNameMax, `Must be at most ${LIMITS.personNameMax} characters`)
    .regex(VISIBLE_LINE, invisibleCharactersMessage(label));

export const ZLoginRequest = z.strictObject({
  username: z.string().trim().min(1, 'Username is required').max(LIMITS.emailMax, 'Username is too long'),
  password: z.string().min(1, 'Password is required').max(LIMITS.passwordMaxBytes, 'Password is too long'),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZRegisterRequest = z.strictObject({
  username: z
    .string()
    .min(LIMITS.usernameMin, 'Username must be at least 3 characters')
    .max(LIMITS.usernameMax, 'Username must be less than 50 characters')
    .regex(/^[A-Za-z0-9._-]+$/, 'Username may only contain letters, numbers, dots, hyphens and underscores'),
  email: z.email('Invalid email address').max(LIMITS.emailMax, 'Invalid email address'),
  password: password('Password must be at least 8 characters'),
  firstName: personName('First name'),
  lastName: personName('Last name'),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/** The register screen: the request plus a confirmation that is checked here and never sent. */
export const ZRegisterForm = ZRegisterRequest.extend({
  confirmPassword: z.string().min(1, 'Please confirm your password'),
}).refine((v) => v.password === v.confirmPassword, {
  message: "Passwords don't match",
  path: ['confirmPassword'],
});
export type TRegisterForm = z.infer<typeof ZRegisterForm>;

export const ZProfileUpdateRequest = z.strictObject({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: z
    .email('Please enter a valid email address')
    .max(LIMITS.emailMax, 'Please enter a valid email address'),
  /** Required only when the email changes (docs/security.md#verified-addresses); names alone need none. */
  currentPassword: z.string().max(LIMITS.passwordMaxBytes, 'Password is too long').optional(),
});
export type TProfileUpdateRequest = z.infer<typeof ZProfileUpdateRequest>;

export const ZChangePasswordRequest = z
  .strictObject({
    currentPassword: z.string().min(1, 'Current password is required').max(LIMITS.passwordMaxBytes),
    newPassword: password('New password must be at least 8 characters'),
    confirmPassword: z.string().min(1, 'Please confirm your new password').max(LIMITS.passwordMaxBytes),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZForgotPasswordRequest = z.strictObject({
  email: z
    .email('Please enter a valid email address')
    .max(LIMITS.emailMax, 'Please enter a valid email address'),
});
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z
  .strictObject({
    token: z.string().min(1, 'Reset token is required').max(512, 'Reset token is invalid'),
    password: password('Password must be at least 8 characters'),
    confirmPassword: z.string().min(1, 'Please confirm your password').max(LIMITS.passwordMaxBytes),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** What everyone's forgot, reset and set-password forms are told (docs/product.md#accounts). */
export const PASSWORD_LINK_MESSAGES = {
  resetRequested: 'If an account exists with that email, reset instructions have been sent.',
  invitationInvalid:
    'This invitation link is invalid or has expired. Please ask your administrator for a new one.',
  passwordReset: 'Password has been reset',
  passwordSet: 'Password set',
} as const;

/** POST /api/auth/verify-email: the token from the confirmation link. */
export const ZVerifyEmailRequest = z.strictObject({
  token: z.string().min(1, 'Confirmation token is required').max(512, 'Confirmation token is invalid'),
});
export type TVerifyEmailRequest = z.infer<typeof ZVerifyEmailRequest>;

export const ZMessageResponse = z.object({ message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

export const PASSWORD_STRENGTH_CHECKS = [
  { key: 'length', label: 'At least 8 characters', test: (p: string) => p.length >= LIMITS.passwordMin },
  { key: 'upper', label: 'An uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'lower', label: 'A lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { key: 'digit', label: 'A number', test: (p: string) => /\d/.test(p) },
  { key: 'special', label: 'A special character', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

export type TPasswordStrength = {
  checks: { key: string; label: string; isMet: boolean }[];
  score: number;
  label: 'Strong' | 'Medium' | 'Weak';
  isStrong: boolean;
};

/** Password strength (docs/product.md#validation): strong is 4 of 5 checks, medium 3, weak otherwise. */
export function measurePasswordStrength(password: string): TPasswordStrength {
  const checks = PASSWORD_STRENGTH_CHECKS.map((c) => ({
    key: c.key,
    label: c.label,
    isMet: c.test(password),
  }));
  const score = checks.filter((c) => c.isMet).length;
  const label = score >= 4 ? 'Strong' : score === 3 ? 'Medium' : 'Weak';
  return { checks, score, label, isStrong: score >= 4 };
}
