import type { TBulkTicketResponse } from '@helpdesk/contracts';

export type TBulkOutcome = {
  /** "20 tickets changed", "18 tickets changed, 2 refused", "No ticket changed". */
  summary: string;
  /** Each refused ticket by its number, with the server's reason. */
  refused: { ticketNumber: string; reason: string }[];
  /** The request as a whole failed (nothing changed). */
  isError?: boolean;
};

const tickets = (n: number) => (n === 1 ? '1 ticket' : `${n} tickets`);

/** What a bulk change did, in words: how many changed and which were refused and why. */
export function bulkOutcome(
  response: TBulkTicketResponse,
  numbers: ReadonlyMap<string, string>,
): TBulkOutcome {
  const changed = response.results.filter((result) => result.ok).length;
  const refused = response.results
    .filter((result) => !result.ok)
    .map((result) => ({
      ticketNumber: numbers.get(result.id) ?? result.id,
      reason: result.error ?? 'Refused',
    }));
  const head = changed === 0 ? 'No ticket changed' : `${tickets(changed)} changed`;
  return { summary: refused.length > 0 ? `${head}, ${refused.length} refused` : head, refused };
}
