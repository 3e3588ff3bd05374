import {
  kbArticleFeedbackPath,
  kbArticleFeedbackSummaryPath,
  type TKbFeedback,
  type TKbFeedbackRequest,
  type TKbFeedbackResponse,
  type TKbFeedbackSummary,
} from '@helpdesk/contracts';
import { apiRequest } from '@helpdesk/shared-ui';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { feedbackSummaryKey, ownFeedbackKey } from './feedback-query-keys.ts';

/** The signed-in person's answer on the article (null before they answer). */
export function useOwnFeedback(articleId: string) {
  return useQuery<TKbFeedbackResponse>({ queryKey: ownFeedbackKey(articleId) });
}

/** PUT the person's answer; the page shows the server's answer, and staff's summary is read again. */
export function useAnswerFeedback(articleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TKbFeedbackRequest) =>
      apiRequest<TKbFeedback>('PUT', kbArticleFeedbackPath(articleId), body),
    onSuccess: (feedback) => {
      queryClient.setQueryData<TKbFeedbackResponse>(ownFeedbackKey(articleId), { feedback });
      void queryClient.invalidateQueries({ queryKey: feedbackSummaryKey(articleId) });
    },
  });
}

/** Staff: the counts and the "No" comments, newest first, a page at a time. */
export function useFeedbackSummary(articleId: string) {
  return useInfiniteQuery({
    queryKey: feedbackSummaryKey(articleId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<TKbFeedbackSummary>(
        'GET',
        pageParam === null
          ? kbArticleFeedbackSummaryPath(articleId)
          : `${kbArticleFeedbackSummaryPath(articleId)}?cursor=${encodeURIComponent(pageParam)}`,
        undefined,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}
