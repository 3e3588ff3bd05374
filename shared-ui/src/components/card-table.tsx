import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import { Table, TableBody, TableCell, TableHeader, TableRow } from './table.tsx';

// A table whose rows become cards below the md breakpoint (phones): the header row is kept for screen
// readers only and each cell shows its column's name above its value, so no field is lost to a
// sideways scroll. Classes sit on each element (no child variants, which federated UI avoids).

/** The table of a card table: a table from md up, a stack of cards below. */
export function CardTable({ className, ...props }: React.ComponentProps<typeof Table>) {
  return <Table data-layout="card-table" className={cn('max-md:block', className)} {...props} />;
}

/** The header row: visible from md up; below md only screen readers get it (each card names its fields). */
export function CardTableHeader({ className, ...props }: React.ComponentProps<typeof TableHeader>) {
  return <TableHeader className={cn('max-md:sr-only', className)} {...props} />;
}

/** The rows, spaced apart as cards below md. */
export function CardTableBody({ className, ...props }: React.ComponentProps<typeof TableBody>) {
  return <TableBody className={cn('max-md:grid max-md:gap-3', className)} {...props} />;
}

/** One row, one card below md. */
export function CardTableRow({ className, ...props }: React.ComponentProps<typeof TableRow>) {
  return (
    <TableRow
      className={cn(
        'max-md:block max-md:rounded-lg max-md:border! max-md:bg-card max-md:p-3 max-md:shadow-xs max-md:hover:bg-card',
        className,
      )}
      {...props}
    />
  );
}

/**
 * One field: `label` (its column's name) is shown above the value below md; leave it out for a cell
 * that needs no name there (a title, the actions, a placeholder, an empty-state message).
 * `labelBeside` puts the name on the value's line instead, as real text hidden from md up, and lets
 * such fields share a line (short ones like a role and a status, as on a contact card).
 */
export function CardTableCell({
  label,
  labelBeside = false,
  className,
  children,
  ...props
}: React.ComponentProps<typeof TableCell> & { label?: string; labelBeside?: boolean }) {
  const isBeside = label !== undefined && labelBeside;
  return (
    <TableCell
      data-label={label}
      className={cn(
        // A long word (an address, a raw detail) breaks rather than widen every card past the screen.
        'max-md:block max-md:px-0 max-md:py-1 max-md:whitespace-normal max-md:wrap-anywhere',
        label &&
          !isBeside &&
          'max-md:before:block max-md:before:font-medium max-md:before:text-muted-foreground max-md:before:text-xs max-md:before:content-[attr(data-label)]',
        isBeside && 'max-md:mr-4 max-md:inline-flex max-md:items-center max-md:gap-2',
        className,
      )}
      {...props}
    >
      {isBeside ? (
        <span data-slot="card-table-label" className="font-medium text-muted-foreground text-xs md:hidden">
          {label}
        </span>
      ) : null}
      {children}
    </TableCell>
  );
}
