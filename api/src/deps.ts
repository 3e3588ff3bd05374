import type { Config } from './config.ts';
import type { Logger } from './log.ts';
import type { SessionPlugin } from './session.ts';

/** What every feature's routes are built with. */
export type RouteDeps = { config: Config; log: Logger; session: SessionPlugin };
