import type { TUser, TUserRole } from '@helpdesk/contracts';
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
import { Check, Ellipsis, LogOut, Mail, Pencil, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { ClearTwoFactorDialog, ClearTwoFactorItem } from './clear-two-factor-dialog.tsx';
import { EditUserDialog } from './edit-user-dialog.tsx';
import { EndSessionsDialog } from './end-sessions-dialog.tsx';
import { useUsersT } from './messages.ts';
import { roleChangeBlocker, roleChangeDescription, roleOptions } from './role-change.ts';
import { useUpdateUserStatus } from './use-update-user-status.ts';
import { useChangeUserRole, useSendPasswordLink } from './use-user-admin.ts';
import { USER_ROLE_LABEL_IDS } from './user-labels.ts';
import { lifecycleConfirmation, PASSWORD_LINK_LABELS, userRowActions } from './user-row-actions.ts';

/**
 * A row's menu: Edit, a password link, End sessions, Deactivate or Reactivate, Clear two-factor, and
 * Change role, each behind a confirmation. On one's own row End sessions (the others) and the reason
 * the role cannot change, but no Clear two-factor (one's own is turned off on the profile).
 */
export function UserRowMenu({ user, currentUserId }: { user: TUser; currentUserId: string }) {
  const t = useUsersT();
  const [target, setTarget] = useState<TUserRole | null>(null);
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirmingLifecycle, setIsConfirmingLifecycle] = useState(false);
  const [isEndingSessions, setIsEndingSessions] = useState(false);
  const [isClearingTwoFactor, setIsClearingTwoFactor] = useState(false);
  const isOwnRow = user.id === currentUserId;
  const changeRole = useChangeUserRole();
  const sendLink = useSendPasswordLink();
  const updateStatus = useUpdateUserStatus();
  const name = fullName(user);
  const blocker = roleChangeBlocker(user, currentUserId, t);
  const actions = userRowActions(user, currentUserId);
  const lifecycle = actions.lifecycle
    ? lifecycleConfirmation(actions.lifecycle, `${name} (@${user.username})`, t)
    : null;
  const canEndSessions = user.status === 'active';
  const hasAccountItems =
    actions.canEdit || actions.passwordLink !== null || actions.lifecycle !== null || canEndSessions;

  return (
    <>
      {/* Not modal: the menu hands focus straight to the confirmation it opens. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t('users.actionsFor', { name })}>
            <Ellipsis aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          {actions.canEdit && (
            <DropdownMenuItem onSelect={() => setIsEditing(true)}>
              <Pencil aria-hidden />
              {t('users.editDetails')}
            </DropdownMenuItem>
          )}
          {actions.passwordLink && (
            <DropdownMenuItem
              disabled={sendLink.isPending}
              onSelect={() => sendLink.mutate({ userId: user.id, name })}
            >
              <Mail aria-hidden />
              {t(PASSWORD_LINK_LABELS[actions.passwordLink])}
            </DropdownMenuItem>
          )}
          {canEndSessions && (
            <DropdownMenuItem onSelect={() => setIsEndingSessions(true)}>
              <LogOut aria-hidden />
              {t('users.endSessions.menu')}
            </DropdownMenuItem>
          )}
          {lifecycle && (
            <DropdownMenuItem
              variant={actions.lifecycle === 'deactivate' ? 'destructive' : 'default'}
              onSelect={() => setIsConfirmingLifecycle(true)}
            >
              {actions.lifecycle === 'deactivate' ? <UserX aria-hidden /> : <UserCheck aria-hidden />}
              {lifecycle.confirm}
            </DropdownMenuItem>
          )}
          {!isOwnRow && <ClearTwoFactorItem onSelect={() => setIsClearingTwoFactor(true)} />}
          {(hasAccountItems || !isOwnRow) && <DropdownMenuSeparator />}
          <DropdownMenuLabel>{t('users.changeRole')}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {blocker ? (
            <DropdownMenuItem disabled>{blocker}</DropdownMenuItem>
          ) : (
            roleOptions(user.role, t).map((option) => (
              <DropdownMenuItem
                key={option.role}
                disabled={option.isCurrent}
                onSelect={() => setTarget(option.role)}
              >
                {option.isCurrent ? <Check aria-hidden /> : <span className="size-4" aria-hidden />}
                {option.isCurrent
                  ? t('users.currentRole', { role: option.label })
                  : t('users.makeRole', { role: option.label })}
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
            <AlertDialogTitle>{t('users.changeRoleTitle')}</AlertDialogTitle>
            <AlertDialogDescription>
              {target ? roleChangeDescription(`${name} (@${user.username})`, user.role, target, t) : null}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={changeRole.isPending}>{t('users.cancel')}</AlertDialogCancel>
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
              {changeRole.isPending && <Spinner aria-label={t('users.changingRole')} />}
              {target ? t('users.makeRole', { role: t(USER_ROLE_LABEL_IDS[target]) }) : t('users.changeRole')}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      {lifecycle && actions.lifecycle && (
        <AlertDialog
          open={isConfirmingLifecycle}
          onOpenChange={(isOpen) => {
            if (!isOpen && !updateStatus.isPending) setIsConfirmingLifecycle(false);
          }}
        >
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{lifecycle.title}</AlertDialogTitle>
              <AlertDialogDescription>{lifecycle.description}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={updateStatus.isPending}>{t('users.cancel')}</AlertDialogCancel>
              <Button
                variant={actions.lifecycle === 'deactivate' ? 'destructive' : 'default'}
                disabled={updateStatus.isPending}
                onClick={() => {
                  const action = actions.lifecycle;
                  if (action === null) return;
                  updateStatus.mutate(
                    { userId: user.id, action },
                    { onSettled: () => setIsConfirmingLifecycle(false) },
                  );
                }}
              >
                {updateStatus.isPending && <Spinner aria-label={t('users.changingStatus')} />}
                {lifecycle.confirm}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      )}
      {canEndSessions && (
        <EndSessionsDialog
          user={user}
          isOwn={isOwnRow}
          isOpen={isEndingSessions}
          onClose={() => setIsEndingSessions(false)}
        />
      )}
      {!isOwnRow && (
        <ClearTwoFactorDialog
          user={user}
          isOpen={isClearingTwoFactor}
          onClose={() => setIsClearingTwoFactor(false)}
        />
      )}
      {actions.canEdit && (
        <EditUserDialog user={user} isOpen={isEditing} onClose={() => setIsEditing(false)} />
      )}
    </>
  );
}
