import { z } from 'zod';
import { API_PATHS } from './api-paths.ts';
import { SERVER_MESSAGES } from './errors.ts';
import { invisibleCharactersMessage, VISIBLE_LINE } from './text.ts';
import { ZUserRole, ZUserStatus } from './users.ts';

/** A member's role inside one team (default 'member'). */
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

export const TEAM_LIMITS = {
  nameMax: 255,
  descriptionMax: 1000,
  /** Users one Add Members call may add. */
  addMembersMax: 50,
} as const;

const ZTeamDescription = z
  .string()
  .trim()
  .max(TEAM_LIMITS.descriptionMax, `Description must be at most ${TEAM_LIMITS.descriptionMax} characters`)
  .nullable();

const ZTeamName = z
  .string()
  .trim()
  .min(1, 'Team name is required')
  .max(TEAM_LIMITS.nameMax, `Team name must be at most ${TEAM_LIMITS.nameMax} characters`)
  .regex(VISIBLE_LINE, invisibleCharactersMessage('Team name'));

/**
 * POST /api/teams: answers 201 { team }. Names are unique whatever their case (409
 * TEAM_MESSAGES.nameExists). An empty or absent description is stored as null.
 */
export const ZCreateTeamRequest = z.strictObject({
  name: ZTeamName,
  description: ZTeamDescription.optional(),
});
export type TCreateTeamRequest = z.input<typeof ZCreateTeamRequest>;

/** PATCH /api/teams/{id}: rename, describe (null or '' clears), (de)activate. Answers { team }. */
export const ZUpdateTeamRequest = z
  .strictObject({
    name: ZTeamName.optional(),
    description: ZTeamDescription.optional(),
    isActive: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });
export type TUpdateTeamRequest = z.input<typeof ZUpdateTeamRequest>;

export const ZTeamResponse = z.object({ team: ZTeam });
export type TTeamResponse = z.infer<typeof ZTeamResponse>;

/**
 * POST /api/teams/{id}/members: adds several users at once. Every user must be an active agent or
 * admin, else 400 with TEAM_MESSAGES.membersNotEligible followed by ': ' and their usernames (ids
 * for unknown users) and nothing is added. Users already in the team are ignored (not an error):
 * `added` counts only the new members, which the 'Added N member(s) to the team.' toast shows.
 */
export const ZAddTeamMembersRequest = z.strictObject({
  userIds: z
    .array(z.uuid({ error: SERVER_MESSAGES.invalidUserId }))
    .min(1, 'Select at least one user')
    .max(TEAM_LIMITS.addMembersMax, `At most ${TEAM_LIMITS.addMembersMax} users at once`)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Each user may be listed only once' }),
});
export type TAddTeamMembersRequest = z.infer<typeof ZAddTeamMembersRequest>;

export const ZAddTeamMembersResponse = z.object({
  /** How many users became members (already-members are not counted). */
  added: z.number().int(),
  /** The team's members after the change, as GET .../members answers them. */
  members: ZTeamMemberListResponse,
});
export type TAddTeamMembersResponse = z.infer<typeof ZAddTeamMembersResponse>;

export const ZTeamMemberParams = z.strictObject({
  id: z.uuid({ error: 'Invalid team ID format' }),
  userId: z.uuid({ error: SERVER_MESSAGES.invalidUserId }),
});

/** `/api/teams/{id}` (PATCH, DELETE: 204) */
export const teamPath = (teamId: string) => `${API_PATHS.teams}/${teamId}`;
/** `/api/teams/{id}/members/{userId}` (DELETE: 204; 404 when the user is not a member) */
export const teamMemberPath = (teamId: string, userId: string) => `${teamMembersPath(teamId)}/${userId}`;

/** Server messages and the spec's toasts of the Teams tab (docs/product.md#error-messages). */
export const TEAM_MESSAGES = {
  teamNotFound: 'Team not found',
  memberNotFound: 'User is not a member of this team',
  nameExists: 'A team with this name already exists',
  membersNotEligible: 'Only active agents and admins can be team members',
  teamCreated: 'Team created successfully',
  teamUpdated: 'Team updated successfully',
  teamDeleted: 'Team deleted successfully',
  membersAdded: 'Members added successfully',
  membersAddedDescription: (count: number) => `Added ${count} member(s) to the team.`,
  membersAddError: 'Error adding members',
  memberRemoved: 'Member removed successfully',
  memberRemoveError: 'Error removing member',
  noTeams: 'No Teams Created Yet',
  noMembers: 'No team members assigned yet',
  noAvailableUsers: 'No available users to add',
  noUsersMatch: 'No users found matching your search',
  noDescription: 'No description',
  loadError: 'Failed to load teams. Please try again.',
  fetchTeamsError: 'Failed to fetch teams',
  fetchMembersError: 'Failed to fetch team members',
  selectedCount: (count: number) => `${count} user(s) selected`,
  addSelected: (count: number) => `Add Selected Members (${count})`,
} as const;
