import { ERROR_CODES, type TKbArticle, type TKbEditConflict, ZKbEditConflict } from '@helpdesk/contracts';
import { ApiRequestError } from '@helpdesk/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { articleKey } from '../kb/kb-query-keys.ts';
import { EditConflictNotice } from './edit-conflict-notice.tsx';

type TCurrent = TKbEditConflict['details']['current'];

/** The saved revision a 409 edit conflict carries, or null for any other failure. */
export function editConflictOf(error: Error): TCurrent | null {
  if (
    !(error instanceof ApiRequestError) ||
    error.status !== 409 ||
    error.body?.code !== ERROR_CODES.conflict
  ) {
    return null;
  }
  const parsed = ZKbEditConflict.safeParse(error.body);
  return parsed.success ? parsed.data.details.current : null;
}

/**
 * The edit dialog's side of edit conflicts (docs/product.md#revisions): the revision the edit
 * started from (sent as baseRevision), the failure handler that turns a 409 into the conflict
 * notice instead of a toast, and the notice itself. Reloading reads the article again; the form,
 * keyed by the revision, then starts over from the saved version.
 */
export function useEditConflict(article: TKbArticle) {
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState<{
    current: TCurrent;
    mine: { title: string; content: string };
  } | null>(null);
  const [isReloading, setIsReloading] = useState(false);

  async function reload() {
    setIsReloading(true);
    try {
      await queryClient.refetchQueries({ queryKey: articleKey(article.id), exact: true });
      setConflict(null);
    } finally {
      setIsReloading(false);
    }
  }

  return {
    baseRevision: article.revision,
    /** Handles a failed save: true when it was an edit conflict (the notice shows it). */
    handleConflict(error: Error, mine: { title: string; content: string }): boolean {
      const current = editConflictOf(error);
      if (current) setConflict({ current, mine });
      return current !== null;
    },
    reset: () => setConflict(null),
    notice: conflict && (
      <EditConflictNotice
        current={conflict.current}
        mine={conflict.mine}
        onReload={() => void reload()}
        isReloading={isReloading}
      />
    ),
  };
}
