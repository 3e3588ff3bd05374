import type { TRemoteModuleId } from '@helpdesk/contracts';
import { Component, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react';
import { RemoteIncompatibleError } from './remote-incompatible-error.ts';

// The alerts (and their texts) load when a remote has failed, never with the start-up.
const IncompatibleAlert = lazy(() =>
  import('../remote-failure/remote-failure-alerts.tsx').then((alerts) => ({
    default: alerts.IncompatibleAlert,
  })),
);
const FailedAlert = lazy(() =>
  import('../remote-failure/remote-failure-alerts.tsx').then((alerts) => ({ default: alerts.FailedAlert })),
);

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
    return (
      <Suspense fallback={null}>
        {error instanceof RemoteIncompatibleError ? (
          <IncompatibleAlert error={error} onRetry={this.props.onRetry} />
        ) : (
          <FailedAlert moduleId={this.props.moduleId} onRetry={this.props.onRetry} />
        )}
      </Suspense>
    );
  }
}
