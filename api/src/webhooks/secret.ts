/** Binds a sealed webhook secret to what it is: a mailbox or SSO secret under the same key does not open as one. */
export const WEBHOOK_SECRET_ASSOCIATED_DATA = Buffer.from('helpdesk webhook secret v1');
