import { API_PATHS, SLA_ADMIN_PATHS } from '@helpdesk/contracts';

/** GET /api/admin/business-calendars: the default query function fetches it from the key. */
export const CALENDARS_KEY = [SLA_ADMIN_PATHS.businessCalendars] as const;

/** GET /api/admin/sla-policies */
export const POLICIES_KEY = [SLA_ADMIN_PATHS.slaPolicies] as const;

/** GET /api/teams, the policy form's team choices (the Teams tab shares the cache). */
export const TEAMS_KEY = [API_PATHS.teams] as const;
