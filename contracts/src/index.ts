export * from './api-paths.ts';
export * from './auth.ts';
export * from './errors.ts';
export * from './limits.ts';
export * from './notifications.ts';
export * from './remotes.ts';
export * from './teams.ts';
export * from './users.ts';
