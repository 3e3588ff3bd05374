import type { TSidebarViewsProps } from '@helpdesk/contracts';
import { REMOTE_MODULES } from '@helpdesk/contracts/constants';
import { type ComponentType, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
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
 * Staff's ticket views with their counts, drawn into the sidebar under All Tickets while a
 * ticket's page is open (on the list the same views are its tabs). Rendered by the ticket route, not by
 * the sidebar: the shell's start-up code, the dashboard and the list's first use carry nothing of it.
 */
export function SidebarTicketViews() {
  const user = useSignedInUser();
  const [Views, setViews] = useState(() => loaded);
  const [slot, setSlot] = useState<Element | null>(null);
  // A place of its own under the desktop sidebar's All Tickets, made here rather than by the sidebar:
  // the shell's start-up code (at its byte budget) carries nothing of the views.
  useEffect(() => {
    const item = document.querySelector('aside nav[aria-label="Main"] a[href="/tickets"]')?.parentElement;
    if (!item) return;
    const place = document.createElement('div');
    item.append(place);
    setSlot(place);
    return () => place.remove();
  }, []);
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
  if (!Views || !slot) return null;
  return createPortal(
    <RemoteErrorBoundary moduleId={REMOTE_MODULES.sidebarViews} onRetry={() => {}} fallback={null}>
      <Views currentUser={user} />
    </RemoteErrorBoundary>,
    slot,
  );
}
