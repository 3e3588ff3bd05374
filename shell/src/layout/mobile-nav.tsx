import type { TUser } from '@helpdesk/contracts';
import { Button } from '@helpdesk/shared-ui';
import { Menu } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { useLayoutT } from './messages.ts';
import { createIntentModule, useIntentModule } from './use-intent-module.ts';

const drawer = createIntentModule(() => import('./mobile-nav-drawer.tsx'));

/** The drawer's trigger; the server's first paint draws it too, inert until the page starts. */
export function MenuButton(props: ComponentProps<typeof Button>) {
  const t = useLayoutT();
  return (
    <Button variant="ghost" size="icon" className="md:hidden" aria-label={t('layout.openMenu')} {...props}>
      <Menu className="size-5" aria-hidden />
    </Button>
  );
}

/** On small screens the sidebar becomes a drawer behind a menu button. */
export function MobileNav({ user }: { user: TUser }) {
  const [isOpen, setIsOpen] = useState(false);
  const loaded = useIntentModule(drawer, { onActivate: () => setIsOpen(true) });
  if (loaded.module === null) {
    return <MenuButton aria-haspopup="dialog" aria-expanded={false} {...loaded.placeholderProps} />;
  }
  const { MobileNavDrawer } = loaded.module;
  return (
    <MobileNavDrawer
      user={user}
      isOpen={isOpen}
      onOpenChange={setIsOpen}
      trigger={<MenuButton ref={loaded.triggerRef} />}
    />
  );
}
