import { Loader2Icon } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import { useLocalizeText } from '../lib/localized-text.ts';

/** An accessible busy indicator: screen readers announce its label as a status. */
export function Spinner({ className, 'aria-label': ariaLabel, ...props }: React.ComponentProps<'svg'>) {
  const localize = useLocalizeText();
  return (
    <Loader2Icon
      data-slot="spinner"
      role="status"
      aria-label={ariaLabel ?? localize('Loading')}
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  );
}
