import type { TUser } from '@helpdesk/contracts';
import {
  Avatar,
  AvatarFallback,
  Button,
  fullName,
  initials,
  useLogout,
  useRoleLabel,
} from '@helpdesk/shared-ui';
import { Link, type HistoryState as THistoryState, useNavigate } from '@tanstack/react-router';
import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { useLayoutT } from './messages.ts';
import { createIntentModule, useIntentModule } from './use-intent-module.ts';

const dropdownMenu = createIntentModule(() => import('@helpdesk/shared-ui/dropdown-menu'));

/**
 * The trigger's accessible name comes from its content, "{initials} {full name}, user menu", so at
 * every width it starts with what people see and can say to voice control (Label in Name): the
 * initials on a phone, the initials and the name from lg up. Below lg the name is visually hidden
 * (the header is full) but still names the button.
 */
export function UserMenuButton({ user, ...props }: { user: TUser } & ComponentProps<typeof Button>) {
  const t = useLayoutT();
  return (
    <Button variant="ghost" className="h-10 gap-2 px-2" {...props}>
      <Avatar className="size-8">
        <AvatarFallback className="bg-primary/10 font-medium text-primary text-sm">
          {initials(user.firstName, user.lastName)}
        </AvatarFallback>
      </Avatar>
      <span className="sr-only max-w-40 truncate font-medium text-sm lg:not-sr-only">{fullName(user)}</span>
      <span className="sr-only">{t('userMenu.name')}</span>
      <ChevronDown className="hidden size-4 text-muted-foreground sm:block" aria-hidden />
    </Button>
  );
}

/** Avatar button with the user's name, email and role, a Profile link and Log out. */
export function UserMenu({ user }: { user: TUser }) {
  const t = useLayoutT();
  const roleLabel = useRoleLabel();
  const navigate = useNavigate();
  // The sign-out answer is the sign-in page's history state: it may offer the provider's own sign-out.
  const logout = useLogout((answer) => void navigate({ to: '/login', state: answer as THistoryState }));
  const [isOpen, setIsOpen] = useState(false);
  const menu = useIntentModule(dropdownMenu, { onActivate: () => setIsOpen(true) });
  if (menu.module === null) {
    return (
      <UserMenuButton user={user} aria-haspopup="menu" aria-expanded={false} {...menu.placeholderProps} />
    );
  }
  const {
    DropdownMenu,
    DropdownMenuContent,
    DropdownMenuGroup,
    DropdownMenuItem,
    DropdownMenuLabel,
    DropdownMenuSeparator,
    DropdownMenuTrigger,
  } = menu.module;
  return (
    // Not modal: a modal menu hides the page, header buttons included, from assistive technology while
    // they stay focusable; the menu still takes focus, keeps Tab inside and closes on Escape.
    <DropdownMenu modal={false} open={isOpen} onOpenChange={setIsOpen}>
      <DropdownMenuTrigger asChild>
        <UserMenuButton user={user} ref={menu.triggerRef} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="font-normal">
          <p className="truncate font-medium text-sm">{fullName(user)}</p>
          <p className="truncate text-muted-foreground text-xs">{user.email}</p>
          <p className="mt-1 text-muted-foreground text-xs">{roleLabel(user.role)}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem asChild>
            <Link to="/profile">
              <UserRound className="size-4" aria-hidden />
              {t('userMenu.profile')}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
            <LogOut className="size-4" aria-hidden />
            {logout.isPending ? t('userMenu.loggingOut') : t('userMenu.logOut')}
          </DropdownMenuItem>
        </DropdownMenuGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
