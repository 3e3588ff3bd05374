// Zod-free: the shell's start-up path reads these without loading zod (see constants/index.ts).

/**
 * The English the API words about reading mailboxes: a connection test's answer, a mailbox's last error,
 * and why an incoming or outgoing message stopped. Templates filled by fillServerText (server-texts.ts)
 * and found by the admin's screens by their English; `{host}`, `{folder}`, `{where}` (host:port) and
 * `{reason}` (the mail server's own words) are shown as written.
 */
export const MAIL_IN_MESSAGES = {
  connected: 'Connected to {host} and opened the folder "{folder}".',
  passwordRefused: 'The server refused the user name or password.',
  tokenRefused:
    'The server refused the access token: it may have expired, or the account may lack IMAP access.',
  noPasswordSignIn: 'The server offers no password sign-in that this desk can use.',
  noOAuthSignIn: 'The server does not offer OAuth2 (XOAUTH2) sign-in.',
  folderMissing: 'The folder "{folder}" does not exist in this mailbox.',
  connectionRefused: 'Nothing accepts connections at {where}: check the host and the port.',
  hostNotFound: 'The host name "{host}" could not be found.',
  noGreeting:
    '{where} accepted the connection but sent no IMAP greeting: if this port expects TLS, choose TLS.',
  timedOut: '{where} did not answer in time: check the host, the port and any firewall.',
  certificateName: `The server's certificate is not made out to "{host}".`,
  certificateUntrusted:
    "The server's certificate is not trusted (self-signed, expired or from an unknown authority).",
  tlsFailed:
    'The secure (TLS) connection to {where} failed: is this port for TLS, or does it expect STARTTLS or none?',
  starttlsRefused: 'The server at {where} did not agree to STARTTLS.',
  connectionClosed: 'The server at {where} closed the connection: check the port and the security setting.',
  unreachable: 'The mailbox could not be reached: {reason}',
  heldBack: 'Held back: more than {limit} emails from this sender in {minutes} minutes. Retry to process it.',
  bounced: 'Bounced: the recipient did not accept the message',
  interrupted: 'Processing stopped before it finished, too many times',
  databaseUnavailable: 'The database was unavailable',
  processingFailed: 'Processing failed (the server log has the details)',
} as const;
