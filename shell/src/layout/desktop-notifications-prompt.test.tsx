import { afterEach, describe, expect, test } from 'bun:test';
import { ADMIN_API_PATHS } from '@helpdesk/contracts/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { DesktopNotificationsPrompt } from './desktop-notifications-prompt.tsx';

const scope = globalThis as { Notification?: unknown };
const original = scope.Notification;

function render(pushNotifications: boolean, permission: string | null) {
  if (permission === null) delete scope.Notification;
  else scope.Notification = { permission };
  const queryClient = new QueryClient({
    defaultOptions: { queries: { queryFn: () => null, staleTime: Infinity } },
  });
  queryClient.setQueryData([ADMIN_API_PATHS.notificationSettings], { pushNotifications });
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <DesktopNotificationsPrompt />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  scope.Notification = original;
});

describe('the desktop notifications prompt', () => {
  test('is offered while the desk has push on and the browser has not been answered', () => {
    expect(render(true, 'default')).toContain('Enable desktop notifications');
  });

  test('is not offered with push off, once answered, or without the Notification API', () => {
    expect(render(false, 'default')).toBe('');
    expect(render(true, 'granted')).toBe('');
    expect(render(true, 'denied')).toBe('');
    expect(render(true, null)).toBe('');
  });
});
