import type { TUser } from '@helpdesk/contracts';
import { fullName } from '@helpdesk/shared-ui';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@helpdesk/shared-ui/dialog';
import { useEffect, useState } from 'react';
import type { EditUserForm as TEditUserForm } from './edit-user-form-view.tsx';
import { useUsersT } from './messages.ts';

// Loaded when an admin opens Edit, like Add User's form (docs/performance.md, frontend budgets).
const loadEditUserForm = () => import('./edit-user-form-view.tsx');

/** Edit a user's names and email; opens once its form has loaded, so the focus lands in the first field. */
export function EditUserDialog({
  user,
  isOpen,
  onClose,
}: {
  user: TUser;
  isOpen: boolean;
  onClose: () => void;
}) {
  const t = useUsersT();
  const [EditUserForm, setEditUserForm] = useState<typeof TEditUserForm | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  // A form that cannot be fetched fails as a lazy page part does: the remote's error boundary, with Retry.
  if (loadError) throw loadError;

  useEffect(() => {
    if (!isOpen || EditUserForm !== null) return;
    loadEditUserForm().then((module) => setEditUserForm(() => module.EditUserForm), setLoadError);
  }, [isOpen, EditUserForm]);

  return (
    <Dialog open={isOpen && EditUserForm !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-lg" data-testid="edit-user-dialog">
        <DialogHeader>
          <DialogTitle>{t('users.editTitle', { name: fullName(user) })}</DialogTitle>
          <DialogDescription>{t('users.editDescription', { username: user.username })}</DialogDescription>
        </DialogHeader>
        {EditUserForm && <EditUserForm user={user} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
