import type { TBulkTicketResponse } from '@helpdesk/contracts';
import { bulkEnglish, type TBulkT } from './messages.ts';

export type TBulkOutcome = {
  /** "20 tickets changed", "18 tickets changed, 2 refused", "No ticket changed". */
  summary: string;
  /** Each refused ticket by its number, with the server's reason. */
  refused: { ticketNumber: string; reason: string }[];
  /** The request as a whole failed (nothing changed). */
  isError?: boolean;
};

/** What a bulk change did, in words: how many changed and which were refused and why. */
export function bulkOutcome(
  response: TBulkTicketResponse,
  numbers: ReadonlyMap<string, string>,
  t: TBulkT = bulkEnglish,
): TBulkOutcome {
  const changed = response.results.filter((result) => result.ok).length;
  const refused = response.results
    .filter((result) => !result.ok)
    .map((result) => ({
      ticketNumber: numbers.get(result.id) ?? result.id,
      reason: result.error ?? t('bulk.refused'),
    }));
  if (refused.length === 0) {
    return {
      summary: changed === 0 ? t('bulk.noneChanged') : t('bulk.changed', { count: changed }),
      refused,
    };
  }
  const summary =
    changed === 0
      ? t('bulk.noneChangedRefused', { refused: refused.length })
      : t('bulk.changedRefused', { changed, refused: refused.length });
  return { summary, refused };
}
