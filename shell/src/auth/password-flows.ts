import { API_PATHS } from '@helpdesk/contracts/constants';

/** Which door a forgot-password request comes through: the administrator sign-in or everyone's. */
export type TForgotPasswordFlow = 'admin' | 'user';

/** What a page that sets a password from a mailed link is for. */
export type TSetPasswordFlow = 'admin-reset' | 'reset' | 'invitation';

type TScreenPaths = {
  signIn: '/admin' | '/login';
  forgotPassword: '/admin/forgot-password' | '/forgot-password';
};

const ADMIN_SCREENS: TScreenPaths = { signIn: '/admin', forgotPassword: '/admin/forgot-password' };
const USER_SCREENS: TScreenPaths = { signIn: '/login', forgotPassword: '/forgot-password' };

/** The words and paths of each forgot-password screen (docs/product.md#accounts). */
export const FORGOT_PASSWORD_FLOWS = {
  admin: {
    tone: 'admin',
    apiPath: API_PATHS.authAdminForgotPassword,
    screens: ADMIN_SCREENS,
    backLabel: 'Back to administrator sign in',
    description: 'Enter your administrator email and we will send you a reset link',
    placeholder: 'admin@company.com',
    sentLead: 'If an administrator account exists with',
  },
  user: {
    tone: 'user',
    apiPath: API_PATHS.authForgotPassword,
    screens: USER_SCREENS,
    backLabel: 'Back to sign in',
    description: 'Enter your email and we will send you a reset link',
    placeholder: 'you@company.com',
    sentLead: 'If an account exists with',
  },
} as const;

const RESET_TEXT = {
  title: 'Reset password',
  invalidLink: 'Invalid reset link. Please request a new password reset.',
  newLinkLabel: 'Request a new reset link',
  doneTitle: 'Password Reset Complete',
  successToast: {
    title: 'Password Reset Successful',
    description: 'You can now sign in with your new password.',
  },
  failureTitle: 'Password not reset',
  failureFallback: 'Failed to reset password. The link may have expired or been used already.',
  submitLabel: 'Reset Password',
  pendingLabel: 'Resetting...',
  doneText: 'For your security, this account was signed out everywhere. Sign in with your new password.',
} as const;

/** The words and paths of each set-password screen (docs/product.md#accounts). */
export const SET_PASSWORD_FLOWS = {
  'admin-reset': {
    ...RESET_TEXT,
    tone: 'admin',
    apiPath: API_PATHS.authAdminResetPassword,
    screens: ADMIN_SCREENS,
    backLabel: 'Back to administrator sign in',
    description: 'Choose a new administrator password',
    doneDescription: 'Your administrator password has been changed',
    signInLabel: 'Go to administrator sign in',
  },
  reset: {
    ...RESET_TEXT,
    tone: 'user',
    apiPath: API_PATHS.authResetPassword,
    screens: USER_SCREENS,
    backLabel: 'Back to sign in',
    description: 'Choose a new password',
    doneDescription: 'Your password has been changed',
    signInLabel: 'Go to sign in',
  },
  invitation: {
    tone: 'user',
    apiPath: API_PATHS.authSetPassword,
    screens: USER_SCREENS,
    backLabel: 'Back to sign in',
    title: 'Set your password',
    description: 'Choose the password for your new account',
    invalidLink: 'Invalid invitation link. Please ask your administrator for a new invitation.',
    newLinkLabel: null,
    doneTitle: 'Password Set',
    doneDescription: 'Your account is ready',
    successToast: { title: 'Password set', description: 'You can now sign in with your new password.' },
    failureTitle: 'Password not set',
    failureFallback: 'Failed to set your password. The invitation may have expired or been used already.',
    submitLabel: 'Set Password',
    pendingLabel: 'Saving...',
    doneText: 'Your email address is confirmed too. Sign in with your username and new password.',
    signInLabel: 'Go to sign in',
  },
} as const;
