import type { TCreateTicketDialogProps, TUser } from '@helpdesk/contracts';
import { REMOTE_MODULES } from '@helpdesk/contracts/constants';
import { Button, Spinner } from '@helpdesk/shared-ui';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { RemoteErrorBoundary } from '../remote/remote-error-boundary.tsx';
import { useOnDemandRemote } from '../remote/use-on-demand-remote.ts';
import { useLayoutT } from './messages.ts';
import { createIntentModule, useLoadedModule } from './use-intent-module.ts';

// The error dialog's code (radix AlertDialog) is fetched with the first click, beside the remote's form.
const errorDialog = createIntentModule(() => import('./new-ticket-error-dialog.tsx'));

const MODULE_ID = REMOTE_MODULES.createTicketDialog;

/**
 * The header's New Ticket button. The Create Ticket dialog lives in mf-tickets and is fetched on
 * the first click; if it cannot load, a small dialog says so and offers Retry while the page
 * underneath keeps working.
 */
export function NewTicketButton({ currentUser }: { currentUser: TUser }) {
  const t = useLayoutT();
  const remote = useOnDemandRemote<TCreateTicketDialogProps>(MODULE_ID);
  const [isOpen, setIsOpen] = useState(false);
  const [isErrorShown, setIsErrorShown] = useState(false);

  async function openDialog() {
    if (remote.state.status === 'loading') return;
    void errorDialog.load();
    const Dialog = await remote.load();
    if (Dialog === null) {
      setIsErrorShown(true);
      return;
    }
    setIsErrorShown(false);
    setIsOpen(true);
  }

  // The failed state unmounts the boundary, so the next successful load mounts a fresh dialog.
  function handleRenderError(error: Error) {
    remote.fail(error);
    setIsOpen(false);
    setIsErrorShown(true);
  }

  const errorDialogCode = useLoadedModule(errorDialog);
  const isLoading = remote.state.status === 'loading';
  const failure = remote.state.status === 'failed' ? remote.state.error : null;
  const Dialog = remote.state.status === 'ready' ? remote.state.value : null;

  return (
    <>
      <Button
        size="sm"
        className="h-9 aria-disabled:opacity-50"
        onClick={() => void openDialog()}
        // aria-disabled, not disabled: a disabled button drops focus, and the dialog could then not hand
        // it back to this button when it closes.
        aria-disabled={isLoading}
        aria-busy={isLoading}
        data-testid="header-new-ticket"
      >
        {isLoading ? (
          <Spinner aria-label={t('newTicket.opening')} />
        ) : (
          <Plus className="size-4" aria-hidden />
        )}
        <span className="hidden sm:inline">{t('newTicket.button')}</span>
        <span className="sr-only sm:hidden">{t('newTicket.button')}</span>
      </Button>
      {Dialog && (
        <RemoteErrorBoundary
          moduleId={MODULE_ID}
          onRetry={() => void openDialog()}
          onError={handleRenderError}
          fallback={null}
        >
          {/* The dialog itself is portalled to the body; this marks what the remote renders in place. */}
          <div className="contents" data-remote-root="mf_tickets" data-remote-module={MODULE_ID}>
            <Dialog currentUser={currentUser} isOpen={isOpen} onOpenChange={setIsOpen} />
          </div>
        </RemoteErrorBoundary>
      )}
      {errorDialogCode && (
        <errorDialogCode.NewTicketErrorDialog
          isOpen={isErrorShown}
          onOpenChange={setIsErrorShown}
          failure={failure}
          isRetrying={isLoading}
          onRetry={() => void openDialog()}
        />
      )}
    </>
  );
}
