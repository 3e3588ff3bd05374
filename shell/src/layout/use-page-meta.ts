import { useMatches } from '@tanstack/react-router';
import type { TAllowedRoles } from '../session/route-access.ts';
import type { TLayoutMessageId } from './messages.ts';

export type TPageMeta = { title: TLayoutMessageId; roles: TAllowedRoles; isNewTicketHidden: boolean };

/** Title (its message id), required roles and header options of the deepest matched route (its `staticData`). */
export function usePageMeta(): TPageMeta {
  return useMatches({
    select: (matches) => {
      const leaf = matches.findLast((match) => match.staticData.title !== undefined);
      return {
        title: leaf?.staticData.title ?? 'page.helpDesk',
        roles: leaf?.staticData.roles,
        isNewTicketHidden: leaf?.staticData.isNewTicketHidden ?? false,
      };
    },
    structuralSharing: true,
  });
}
