import type { TSidebarViewsProps } from '@helpdesk/contracts';
import { REMOTE_MODULES } from '@helpdesk/contracts/constants';
import { type ComponentType, useEffect, useState } from 'react';
import { loadRemoteComponent } from '../remote/load-remote-component.ts';
import { RemoteErrorBoundary } from '../remote/remote-error-boundary.tsx';
import { useSignedInUser } from '../session/signed-in-user.tsx';

let loaded: ComponentType<TSidebarViewsProps> | null = null;

/** The views component from the tickets remote; a failure leaves the sidebar as it was (the views are a shortcut). */
async function loadViews(): Promise<ComponentType<TSidebarViewsProps> | null> {
  try {
    loaded ??= (await loadRemoteComponent<TSidebarViewsProps>(REMOTE_MODULES.sidebarViews, 0)).default;
    return loaded;
  } catch {
    return null;
  }
}

/**
 * Staff's ticket views with their counts, the sidebar's Queues group while a ticket's page is
 * open (the list draws them itself). Rendered by the ticket route, not by the sidebar: the shell's
 * start-up code and the dashboard carry nothing of it; the module places itself in the sidebar.
 */
export function SidebarTicketViews() {
  const user = useSignedInUser();
  const [Views, setViews] = useState(() => loaded);
  useEffect(() => {
    if (Views || user.role === 'end_user') return;
    let isCurrent = true;
    void loadViews().then((component) => {
      if (isCurrent && component) setViews(() => component);
    });
    return () => {
      isCurrent = false;
    };
  }, [Views, user.role]);
  if (!Views) return null;
  return (
    <RemoteErrorBoundary moduleId={REMOTE_MODULES.sidebarViews} onRetry={() => {}} fallback={null}>
      <Views currentUser={user} />
    </RemoteErrorBoundary>
  );
}
