import type { TReportTable } from '@helpdesk/contracts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@helpdesk/shared-ui';

/** One report table exactly as the CSV export writes it: same columns, same formatted cells. */
export function ReportTable({ table }: { table: TReportTable }) {
  return (
    <div className="max-h-80 overflow-auto rounded-md border">
      <Table data-testid={`report-table-${table.key}`} aria-label={table.title}>
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
                No rows in this period.
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
                    className={index === 0 ? 'pl-3 font-medium' : 'text-right tabular-nums'}
                  >
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}
