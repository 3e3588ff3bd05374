import { useMatches } from '@tanstack/react-router';
import type { TAllowedRoles } from '../session/route-access.ts';

export type TPageMeta = { title: string; roles: TAllowedRoles; isNewTicketHidden: boolean };

/** Title, required roles and header options of the deepest matched route (its `staticData`). */
export function usePageMeta(): TPageMeta {
  return useMatches({
    select: (matches) => {
      const leaf = matches.findLast((match) => match.staticData.title !== undefined);
      return {
        title: leaf?.staticData.title ?? 'Help Desk',
        roles: leaf?.staticData.roles,
        isNewTicketHidden: leaf?.staticData.isNewTicketHidden ?? false,
      };
    },
    structuralSharing: true,
  });
}
