import type { TRemoteModuleId } from '@helpdesk/contracts';
import { Alert, AlertDescription, AlertTitle, Button } from '@helpdesk/shared-ui';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { aroundPart, PART_MARK } from '../locales/shell-catalog.ts';
import { describeMismatch, type RemoteIncompatibleError } from '../remote/remote-incompatible-error.ts';
import { useRemoteFailureT } from './messages.ts';

type TFailureAlertProps = {
  testId: string;
  title: string;
  /** The sentence with PART_MARK where the part's name goes (drawn as code). */
  sentence: string;
  name: string;
  onRetry: () => void;
  children?: ReactNode;
};

/** The page area's alert for a remote that did not load: what, which part, and Retry. */
function FailureAlert({ testId, title, sentence, name, onRetry, children }: TFailureAlertProps) {
  const t = useRemoteFailureT();
  const [before, after] = aroundPart(sentence);
  return (
    <div className="mx-auto max-w-2xl py-10">
      <Alert variant="destructive" data-testid={testId}>
        <TriangleAlert className="size-4" aria-hidden />
        <AlertTitle>{title}</AlertTitle>
        <AlertDescription>
          <p>
            {before}
            <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">{name}</code>
            {after}
          </p>
          {children}
          <Button variant="outline" size="sm" className="mt-3 text-foreground" onClick={onRetry}>
            <RefreshCw className="size-4" aria-hidden />
            {t('remote.retry')}
          </Button>
        </AlertDescription>
      </Alert>
    </div>
  );
}

export function IncompatibleAlert({
  error,
  onRetry,
}: {
  error: RemoteIncompatibleError;
  onRetry: () => void;
}) {
  const t = useRemoteFailureT();
  return (
    <FailureAlert
      testId="remote-incompatible"
      title={t('remote.incompatibleTitle')}
      sentence={t('remote.incompatibleText', { name: PART_MARK })}
      name={error.remoteName}
      onRetry={onRetry}
    >
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {error.mismatches.map((mismatch) => (
          <li key={mismatch.packageName}>{describeMismatch(error.remoteName, mismatch)}</li>
        ))}
      </ul>
    </FailureAlert>
  );
}

export function FailedAlert({ moduleId, onRetry }: { moduleId: TRemoteModuleId; onRetry: () => void }) {
  const t = useRemoteFailureT();
  return (
    <FailureAlert
      testId="remote-error"
      title={t('remote.failedTitle')}
      sentence={t('remote.failedText', { name: PART_MARK })}
      name={moduleId}
      onRetry={onRetry}
    />
  );
}
