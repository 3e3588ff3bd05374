import { Spinner } from '@helpdesk/shared-ui';

/** Shown by public screens while the session check decides whether to redirect. */
export function FullPageSpinner({ label = 'Checking your session' }: { label?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-muted/40">
      <Spinner className="size-8 text-primary" aria-label={label} />
    </div>
  );
}
