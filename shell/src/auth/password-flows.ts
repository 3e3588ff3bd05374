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

/** The words (their ids in the auth catalogue) and paths of each forgot-password screen (docs/product.md#accounts). */
export const FORGOT_PASSWORD_FLOWS = {
  admin: {
    tone: 'admin',
    apiPath: API_PATHS.authAdminForgotPassword,
    screens: ADMIN_SCREENS,
    backLabel: 'forgot.adminBack',
    description: 'forgot.adminDescription',
    placeholder: 'forgot.adminPlaceholder',
    sent: 'forgot.adminSent',
  },
  user: {
    tone: 'user',
    apiPath: API_PATHS.authForgotPassword,
    screens: USER_SCREENS,
    backLabel: 'forgot.userBack',
    description: 'forgot.userDescription',
    placeholder: 'register.emailPlaceholder',
    sent: 'forgot.userSent',
  },
} as const;

const RESET_TEXT = {
  title: 'setPassword.resetTitle',
  invalidLink: 'setPassword.resetInvalidLink',
  newLinkLabel: 'setPassword.newLink',
  doneTitle: 'setPassword.resetDoneTitle',
  successToast: { title: 'setPassword.resetToastTitle', description: 'setPassword.toastDescription' },
  failureTitle: 'setPassword.resetFailureTitle',
  failureFallback: 'setPassword.resetFailed',
  submitLabel: 'setPassword.resetSubmit',
  pendingLabel: 'setPassword.resetting',
  doneText: 'setPassword.resetDoneText',
} as const;

/** The words (their ids in the auth catalogue) and paths of each set-password screen (docs/product.md#accounts). */
export const SET_PASSWORD_FLOWS = {
  'admin-reset': {
    ...RESET_TEXT,
    tone: 'admin',
    apiPath: API_PATHS.authAdminResetPassword,
    screens: ADMIN_SCREENS,
    backLabel: 'forgot.adminBack',
    description: 'setPassword.adminDescription',
    doneDescription: 'setPassword.adminDoneDescription',
    signInLabel: 'setPassword.adminSignIn',
  },
  reset: {
    ...RESET_TEXT,
    tone: 'user',
    apiPath: API_PATHS.authResetPassword,
    screens: USER_SCREENS,
    backLabel: 'forgot.userBack',
    description: 'setPassword.resetDescription',
    doneDescription: 'setPassword.resetDoneDescription',
    signInLabel: 'setPassword.signIn',
  },
  invitation: {
    tone: 'user',
    apiPath: API_PATHS.authSetPassword,
    screens: USER_SCREENS,
    backLabel: 'forgot.userBack',
    title: 'setPassword.inviteTitle',
    description: 'setPassword.inviteDescription',
    invalidLink: 'setPassword.inviteInvalidLink',
    newLinkLabel: null,
    doneTitle: 'setPassword.inviteDoneTitle',
    doneDescription: 'setPassword.inviteDoneDescription',
    successToast: { title: 'setPassword.inviteToastTitle', description: 'setPassword.toastDescription' },
    failureTitle: 'setPassword.inviteFailureTitle',
    failureFallback: 'setPassword.inviteFailed',
    submitLabel: 'setPassword.inviteSubmit',
    pendingLabel: 'setPassword.saving',
    doneText: 'setPassword.inviteDoneText',
    signInLabel: 'setPassword.signIn',
  },
} as const;
