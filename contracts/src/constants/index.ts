// `@helpdesk/contracts/constants`: the contracts' plain values (paths, limits, labels, messages) without
// zod. The shell's start-up path (layout, dashboard, shared-ui's main entry) imports them from here, so
// zod and the schemas load only with the first form or page that needs them. Every name is also
// exported from its feature module and from `@helpdesk/contracts`, so existing imports keep working.
// Nothing under constants/ may import zod or a schema module (contracts/src/constants.test.ts checks).
// The texts the API stores for screens (notification, mail-in and activity templates) are only in
// `@helpdesk/contracts`: this entry is shared by every app at start-up, whole, and no screen needs them.
export * from '../admin-paths.ts';
export * from '../api-paths.ts';
export * from '../limits.ts';
export * from '../remotes.ts';
export * from '../write-limits.ts';
export * from './anonymous-mail.ts';
export * from './dashboard.ts';
export * from './email-verification.ts';
export * from './errors.ts';
export * from './kb.ts';
export * from './notifications.ts';
export * from './realtime.ts';
export * from './return-path.ts';
export * from './search.ts';
export * from './tickets.ts';
export * from './wait-in-words.ts';
