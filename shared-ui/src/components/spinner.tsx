import { Loader2Icon } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../lib/cn.ts';

/** An accessible busy indicator: screen readers announce its label as a status. */
export function Spinner({
  className,
  'aria-label': ariaLabel = 'Loading',
  ...props
}: React.ComponentProps<'svg'>) {
  return (
    <Loader2Icon
      data-slot="spinner"
      role="status"
      aria-label={ariaLabel}
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  );
}
