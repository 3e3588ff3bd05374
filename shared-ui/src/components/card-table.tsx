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
 * that needs no name there (a placeholder, an empty-state message).
 */
export function CardTableCell({
  label,
  className,
  ...props
}: React.ComponentProps<typeof TableCell> & { label?: string }) {
  return (
    <TableCell
      data-label={label}
      className={cn(
        'max-md:block max-md:px-0 max-md:py-1 max-md:whitespace-normal',
        label &&
          'max-md:before:block max-md:before:font-medium max-md:before:text-muted-foreground max-md:before:text-xs max-md:before:content-[attr(data-label)]',
        className,
      )}
      {...props}
    />
  );
}
