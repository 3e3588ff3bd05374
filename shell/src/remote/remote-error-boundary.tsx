import type { TRemoteModuleId } from '@helpdesk/contracts';
import { Alert, AlertDescription, AlertTitle, Button } from '@helpdesk/shared-ui';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { aroundPart, PART_MARK } from '../locales/shell-catalog.ts';
import { useRemoteT } from './messages.ts';
import { describeMismatch, RemoteIncompatibleError } from './remote-incompatible-error.ts';

type TProps = {
  moduleId: TRemoteModuleId;
  onRetry: () => void;
  children: ReactNode;
  /** Told about the failure, for hosts that show it elsewhere (a dialog's opener). */
  onError?: (error: Error) => void;
  /** Shown instead of the page-area alert, for remotes that are not a page. */
  fallback?: ReactNode;
};
type TState = { error: Error | null };

/** Keeps a remote's failure inside its page area so the sidebar and header keep working. */
export class RemoteErrorBoundary extends Component<TProps, TState> {
  override state: TState = { error: null };

  static getDerivedStateFromError(error: unknown): TState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Remote module ${this.props.moduleId} failed`, error, info.componentStack);
    this.props.onError?.(error);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    const { error } = this.state;
    return error instanceof RemoteIncompatibleError ? (
      <IncompatibleAlert error={error} onRetry={this.props.onRetry} />
    ) : (
      <FailedAlert moduleId={this.props.moduleId} onRetry={this.props.onRetry} />
    );
  }
}

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
  const t = useRemoteT();
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

function IncompatibleAlert({ error, onRetry }: { error: RemoteIncompatibleError; onRetry: () => void }) {
  const t = useRemoteT();
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

function FailedAlert({ moduleId, onRetry }: { moduleId: TRemoteModuleId; onRetry: () => void }) {
  const t = useRemoteT();
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
