import { type TUser, type TUserRole, USER_ROLE_LABELS } from '@helpdesk/contracts';
import { Button, fullName, Spinner } from '@helpdesk/shared-ui';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@helpdesk/shared-ui/alert-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@helpdesk/shared-ui/dropdown-menu';
import { Check, Ellipsis } from 'lucide-react';
import { useState } from 'react';
import { roleChangeBlocker, roleChangeDescription, roleOptions } from './role-change.ts';
import { useChangeUserRole } from './use-user-admin.ts';

/** A row's menu: Change role to another role, behind a confirmation. Not offered on one's own row. */
export function UserRoleMenu({ user, currentUserId }: { user: TUser; currentUserId: string }) {
  const [target, setTarget] = useState<TUserRole | null>(null);
  const changeRole = useChangeUserRole();
  const name = fullName(user);
  const blocker = roleChangeBlocker(user, currentUserId);

  return (
    <>
      {/* Not modal: the menu hands focus straight to the confirmation it opens. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`}>
            <Ellipsis aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuLabel>Change role</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {blocker ? (
            <DropdownMenuItem disabled>{blocker}</DropdownMenuItem>
          ) : (
            roleOptions(user.role).map((option) => (
              <DropdownMenuItem
                key={option.role}
                disabled={option.isCurrent}
                onSelect={() => setTarget(option.role)}
              >
                {option.isCurrent ? <Check aria-hidden /> : <span className="size-4" aria-hidden />}
                {option.isCurrent ? `${option.label} (current)` : `Make ${option.label}`}
              </DropdownMenuItem>
            ))
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <AlertDialog
        open={target !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen && !changeRole.isPending) setTarget(null);
        }}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Change role?</AlertDialogTitle>
            <AlertDialogDescription>
              {target ? roleChangeDescription(`${name} (@${user.username})`, user.role, target) : null}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={changeRole.isPending}>Cancel</AlertDialogCancel>
            <Button
              disabled={changeRole.isPending || target === null}
              onClick={() => {
                if (target === null) return;
                changeRole.mutate(
                  { userId: user.id, name, role: target },
                  { onSettled: () => setTarget(null) },
                );
              }}
            >
              {changeRole.isPending && <Spinner aria-label="Changing the role" />}
              {target ? `Make ${USER_ROLE_LABELS[target]}` : 'Change role'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
