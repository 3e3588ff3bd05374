import type { TReportTable } from '@helpdesk/contracts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@helpdesk/shared-ui';
import { useId } from 'react';
import { useReportsT } from './messages.ts';

/** One report table exactly as the CSV export writes it: same columns, same formatted cells. */
export function ReportTable({ table }: { table: TReportTable }) {
  const t = useReportsT();
  const tableId = useId();
  return (
    // Focusable and named, so a keyboard can scroll a table taller than its box.
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys
      tabIndex={0}
      // Named through the table, so the title is written once and the summary stays the only labelled section.
      aria-labelledby={tableId}
      // The section scrolls both ways; the table's own container must not scroll too, or a wide table
      // (a phone) would scroll inside an element a keyboard cannot reach.
      className="max-h-80 overflow-auto rounded-md border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&>[data-slot=table-container]]:overflow-visible"
    >
      <Table id={tableId} data-testid={`report-table-${table.key}`} aria-label={table.title}>
        <TableHeader className="sticky top-0 bg-card">
          <TableRow>
            {table.columns.map((column, index) => (
              <TableHead key={column} className={index === 0 ? 'pl-3' : 'text-right'}>
                {column}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {table.rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={table.columns.length} className="py-6 text-center text-muted-foreground">
                {t('reports.noRows')}
              </TableCell>
            </TableRow>
          ) : (
            table.rows.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional; a new report replaces them all
              <TableRow key={rowIndex}>
                {row.map((cell, index) => (
                  <TableCell
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are positional and never reorder
                    key={index}
                    // The first cell may be an article title or searched words: it wraps, so the figures
                    // beside it stay in view on a phone.
                    className={
                      index === 0
                        ? 'min-w-32 whitespace-normal break-words pl-3 font-medium'
                        : 'text-right tabular-nums'
                    }
                  >
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </section>
  );
}
