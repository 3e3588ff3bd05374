import { cn } from '@helpdesk/shared-ui';
import { ChevronDownIcon } from 'lucide-react';
import type * as React from 'react';

/**
 * The browser's own select, styled like Input: for short lists where the platform picker is the
 * better fit (a phone's wheel, type-ahead, no portal inside a dialog). It lives with its one user
 * rather than in shared-ui, whose every component rides in the shell's first load (docs/performance.md,
 * frontend budgets).
 */
export function NativeSelect({ className, ...props }: React.ComponentProps<'select'>) {
  return (
    <div className="relative w-full" data-slot="native-select-wrapper">
      <select
        data-slot="native-select"
        className={cn(
          'h-9 w-full min-w-0 appearance-none rounded-md border border-input bg-transparent py-1 pr-8 pl-3 text-base shadow-xs outline-none transition-[color,box-shadow] disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/30',
          'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
          className,
        )}
        {...props}
      />
      <ChevronDownIcon
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 opacity-50"
      />
    </div>
  );
}
