import { type TTeamsT, teamsEnglish } from './messages.ts';

/** A team card's member count, singular or plural. */
export function memberCountText(count: number, t: TTeamsT = teamsEnglish): string {
  return t('teams.memberCount', { count });
}
