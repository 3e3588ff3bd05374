import { Button } from '@helpdesk/shared-ui';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@helpdesk/shared-ui/dialog';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { AddUserForm as TAddUserForm } from './add-user-form-view.tsx';
import { useUsersT } from './messages.ts';
import { useCreateUser } from './use-user-admin.ts';

// The form (react-hook-form's zod resolver, zod and the schema: about 29 KB gzip) is fetched when an
// admin reaches for Add User, not with the Users tab: a remote's first use stays one small chunk
// (docs/performance.md, frontend budgets).
const loadAddUserForm = () => import('./add-user-form-view.tsx');
const preloadAddUserForm = () => void loadAddUserForm();

/** Add User: creates an active account with a chosen role (how agents and other admins come to exist), or invites one. */
export function AddUserDialog() {
  const t = useUsersT();
  const [isOpen, setIsOpen] = useState(false);
  const [AddUserForm, setAddUserForm] = useState<typeof TAddUserForm | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const create = useCreateUser();
  // A form that cannot be fetched fails as a lazy page part does: the remote's error boundary, with Retry.
  if (loadError) throw loadError;

  function handleOpenChange(next: boolean) {
    if (!next && create.isPending) return;
    if (next && AddUserForm === null) {
      // Opens once the form is here, so the dialog mounts whole and radix puts the focus in its first
      // field (a placeholder would take that focus and keep it).
      loadAddUserForm().then((module) => {
        setAddUserForm(() => module.AddUserForm);
        setIsOpen(true);
      }, setLoadError);
      return;
    }
    setIsOpen(next);
  }

  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button onPointerEnter={preloadAddUserForm} onFocus={preloadAddUserForm}>
          <UserPlus aria-hidden />
          {t('users.addUser')}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg" data-testid="add-user-dialog">
        <DialogHeader>
          <DialogTitle>{t('users.addUser')}</DialogTitle>
          <DialogDescription>{t('users.addUserDescription')}</DialogDescription>
        </DialogHeader>
        {/* Radix mounts the content only while open, so every opening starts with an empty form. */}
        {AddUserForm && (
          <AddUserForm
            create={create}
            onCancel={() => handleOpenChange(false)}
            onCreated={() => setIsOpen(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
