import { z } from 'zod';
import { API_PATHS } from './api-paths.ts';
import { ZUserRole, ZUserStatus } from './users.ts';

/** A member's role inside one team (spec section 3: default 'member'). */
export const TEAM_MEMBER_ROLES = ['member', 'lead'] as const;
export const ZTeamMemberRole = z.enum(TEAM_MEMBER_ROLES);
export type TTeamMemberRole = z.infer<typeof ZTeamMemberRole>;

export const ZTeam = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TTeam = z.infer<typeof ZTeam>;

/** GET /api/teams: every team by name, with its member count. */
export const ZTeamListResponse = z.array(ZTeam);
export type TTeamListResponse = z.infer<typeof ZTeamListResponse>;

export const ZTeamIdParams = z.strictObject({
  id: z.uuid({ error: 'Invalid team ID format' }),
});

/** A team member: the user's public fields (id is the user's id), their team role and when they joined. */
export const ZTeamMember = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  role: ZUserRole,
  status: ZUserStatus,
  teamRole: ZTeamMemberRole,
  joinedAt: z.string(),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;

/** GET /api/teams/{id}/members: members by first and last name. */
export const ZTeamMemberListResponse = z.array(ZTeamMember);
export type TTeamMemberListResponse = z.infer<typeof ZTeamMemberListResponse>;

/** `/api/teams/{id}/members` */
export const teamMembersPath = (teamId: string) => `${API_PATHS.teams}/${teamId}/members`;
