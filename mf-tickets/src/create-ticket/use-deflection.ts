import { KB_DEFLECTIONS_PATH } from '@helpdesk/contracts';
import { apiRequest } from '@helpdesk/shared-ui';
import { useCallback, useRef } from 'react';

/**
 * Deflection (docs/product.md#reports): a suggested article opened from the dialog, then the draft
 * abandoned. The last article opened is remembered; closing without filing reports it once,
 * filing forgets it. A failed report is dropped: it is a statistic, never worth an error.
 */
export function useDeflection() {
  const openedArticleId = useRef<string | null>(null);
  const noteOpened = useCallback((articleId: string) => {
    openedArticleId.current = articleId;
  }, []);
  const forget = useCallback(() => {
    openedArticleId.current = null;
  }, []);
  const reportAbandoned = useCallback(() => {
    const articleId = openedArticleId.current;
    openedArticleId.current = null;
    if (articleId !== null)
      void apiRequest('POST', KB_DEFLECTIONS_PATH, { articleId }).catch(() => undefined);
  }, []);
  return { noteOpened, forget, reportAbandoned };
}
