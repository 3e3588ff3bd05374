// The `@helpdesk/shared-ui/i18n` entry: a shared singleton of its own, so the language store is one for
// the shell and every remote, and the i18n runtime loads with the first translated screen only.
export * from './catalog.ts';
export * from './intl-format.ts';
export * from './locale.ts';
