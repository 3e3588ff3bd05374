import { Button } from '@helpdesk/shared-ui';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { desktopPermission, useIsDesktopNotificationsOffered } from '../session/use-desktop-notifications.ts';
import { useLayoutPopupsT } from './popups/messages.ts';

/**
 * In the bell (staff only): asks the browser for permission to show desktop notifications, offered
 * only while the desk's push switch is on and the person has not answered the browser yet.
 */
export function DesktopNotificationsPrompt() {
  const t = useLayoutPopupsT();
  const isOffered = useIsDesktopNotificationsOffered(true);
  const [permission, setPermission] = useState(desktopPermission);
  if (!isOffered || permission !== 'default') return null;
  return (
    <div className="border-b px-4 py-3">
      <Button
        variant="outline"
        size="sm"
        className="w-full"
        onClick={() => void Notification.requestPermission().then(setPermission)}
      >
        <BellRing className="size-4" aria-hidden />
        {t('notifications.enableDesktop')}
      </Button>
    </div>
  );
}
