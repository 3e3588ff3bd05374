import type { TUser } from '@helpdesk/contracts';
import { Button } from '@helpdesk/shared-ui';
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { useLayoutPopupsT } from './popups/messages.ts';
import { SidebarContent } from './sidebar.tsx';

/** The drawer of MobileNav (mobile-nav.tsx), fetched when its menu button is about to be used. */
export function MobileNavDrawer({
  user,
  isOpen,
  onOpenChange,
  trigger,
}: {
  user: TUser;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The menu button (it takes the trigger's props through asChild). */
  trigger: ReactNode;
}) {
  const t = useLayoutPopupsT();
  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={onOpenChange}>
      <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40 md:hidden" />
        <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-sidebar shadow-xl outline-none md:hidden">
          <DialogPrimitive.Title className="sr-only">{t('layout.navigation')}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">
            {t('layout.navigationDescription')}
          </DialogPrimitive.Description>
          <DialogPrimitive.Close asChild>
            <Button
              variant="ghost"
              size="icon"
              className="absolute top-3 right-3"
              aria-label={t('layout.closeMenu')}
            >
              <X className="size-5" aria-hidden />
            </Button>
          </DialogPrimitive.Close>
          <SidebarContent user={user} onNavigate={() => onOpenChange(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
