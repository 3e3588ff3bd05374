import type { TRemoteModuleId } from '@helpdesk/contracts';
import { Alert, AlertDescription, AlertTitle, Button } from '@helpdesk/shared-ui';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
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
    if (error instanceof RemoteIncompatibleError) {
      return (
        <div className="mx-auto max-w-2xl py-10">
          <Alert variant="destructive" data-testid="remote-incompatible">
            <TriangleAlert className="size-4" aria-hidden />
            <AlertTitle>This part of the help desk was built for a different version.</AlertTitle>
            <AlertDescription>
              <p>
                Remote{' '}
                <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">{error.remoteName}</code>{' '}
                does not fit this version of the help desk, so it was not loaded. The rest of the help desk
                still works. Redeploy the remote built against the shell's versions:
              </p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {error.mismatches.map((mismatch) => (
                  <li key={mismatch.packageName}>{describeMismatch(error.remoteName, mismatch)}</li>
                ))}
              </ul>
              <Button
                variant="outline"
                size="sm"
                className="mt-3 text-foreground"
                onClick={this.props.onRetry}
              >
                <RefreshCw className="size-4" aria-hidden />
                Retry
              </Button>
            </AlertDescription>
          </Alert>
        </div>
      );
    }
    return (
      <div className="mx-auto max-w-2xl py-10">
        <Alert variant="destructive" data-testid="remote-error">
          <TriangleAlert className="size-4" aria-hidden />
          <AlertTitle>This part of the help desk could not be loaded.</AlertTitle>
          <AlertDescription>
            <p>
              Module{' '}
              <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">{this.props.moduleId}</code>{' '}
              did not load. The rest of the help desk still works; try again in a moment.
            </p>
            <Button variant="outline" size="sm" className="mt-3 text-foreground" onClick={this.props.onRetry}>
              <RefreshCw className="size-4" aria-hidden />
              Retry
            </Button>
          </AlertDescription>
        </Alert>
      </div>
    );
  }
}
