import { SSO_CREATE_ACCOUNTS, type TSsoCreateAccounts } from '@helpdesk/contracts';

const LABEL_IDS = {
  off: 'sso.createAccountsOff',
  pending: 'sso.createAccountsPending',
  'active-end-users': 'sso.createAccountsActive',
} as const satisfies Record<TSsoCreateAccounts, string>;

/** What a provider does with a person who has no account yet, as message ids translated at render. */
export const CREATE_ACCOUNTS_LABELS = SSO_CREATE_ACCOUNTS.map((value) => ({
  value,
  label: LABEL_IDS[value],
}));

/** The message id of one `createAccounts` value. */
export const createAccountsLabel = (value: TSsoCreateAccounts) => LABEL_IDS[value];
