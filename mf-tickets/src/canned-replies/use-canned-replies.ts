import {
  CANNED_REPLY_PATHS,
  cannedReplyPath,
  type TCannedReply,
  type TCannedReplyListResponse,
  type TCreateCannedReplyRequest,
  type TUpdateCannedReplyRequest,
} from '@helpdesk/contracts';
import { apiRequest } from '@helpdesk/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** The key of the list: its API path, so the default GET reads it. */
export const CANNED_REPLIES_KEY = [CANNED_REPLY_PATHS.list] as const;

/** GET /api/canned-replies: the caller's personal replies and the shared ones. */
export function useCannedReplies() {
  return useQuery<TCannedReplyListResponse>({ queryKey: CANNED_REPLIES_KEY });
}

type TSave = { id: string | null; change: TCreateCannedReplyRequest | TUpdateCannedReplyRequest };

/** POST a new reply, or PATCH an existing one; the list is read again after either. */
export function useSaveCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: TSave) =>
      id === null
        ? apiRequest<TCannedReply>('POST', CANNED_REPLY_PATHS.list, change)
        : apiRequest<TCannedReply>('PATCH', cannedReplyPath(id), change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CANNED_REPLIES_KEY }),
  });
}

/** DELETE one reply; the list is read again after. */
export function useDeleteCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>('DELETE', cannedReplyPath(id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CANNED_REPLIES_KEY }),
  });
}
