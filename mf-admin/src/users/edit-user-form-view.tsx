import type { TUser } from '@helpdesk/contracts';
import { USER_ADMIN_MESSAGES } from '@helpdesk/contracts';
import { Button, fullName, handleSessionEnded, Spinner, toast } from '@helpdesk/shared-ui';
import { DialogFooter } from '@helpdesk/shared-ui/dialog';
import { Form, FormDescription } from '@helpdesk/shared-ui/form';
import { FormTextField } from '@helpdesk/shared-ui/form-text-field';
import { useAdminForm } from '../feedback/use-admin-form.ts';
import {
  editUserBody,
  editUserDefaults,
  editUserFailure,
  type TEditUserForm,
  ZEditUserForm,
} from './edit-user-form.ts';
import { useUpdateUser } from './use-user-admin.ts';

/**
 * The edit dialog's form and its request. A module of its own, loaded when an admin opens Edit (as
 * Add User's form is): the resolver, zod and the schema stay out of the Users tab's first load.
 */
export function EditUserForm({ user, onDone }: { user: TUser; onDone: () => void }) {
  const update = useUpdateUser();
  const isPending = update.isPending;
  const defaults = editUserDefaults(user);
  const { form, showFailure } = useAdminForm(ZEditUserForm, defaults, isPending);

  function submit(values: TEditUserForm) {
    const body = editUserBody(defaults, values);
    if (body === null) {
      onDone();
      return;
    }
    update.mutate(
      { userId: user.id, body },
      {
        onSuccess: ({ user: saved }) => {
          toast({
            title: USER_ADMIN_MESSAGES.userUpdated,
            description: saved.emailVerified
              ? `${fullName(saved)} is saved.`
              : `${fullName(saved)} is saved. The new address gets a link to confirm it.`,
          });
          onDone();
        },
        onError: (error) => {
          if (!handleSessionEnded(error)) showFailure(editUserFailure(error));
        },
      },
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4 sm:grid-cols-2">
        <FormTextField
          control={form.control}
          name="firstName"
          label="First Name"
          autoComplete="off"
          disabled={isPending}
        />
        <FormTextField
          control={form.control}
          name="lastName"
          label="Last Name"
          autoComplete="off"
          disabled={isPending}
        />
        <div className="sm:col-span-2">
          <FormTextField
            control={form.control}
            name="email"
            label="Email"
            type="email"
            autoComplete="off"
            disabled={isPending}
          >
            <FormDescription>
              A new address stays unconfirmed until its owner follows the link mailed to it.
            </FormDescription>
          </FormTextField>
        </div>
        <DialogFooter className="sm:col-span-2">
          <Button type="button" variant="outline" onClick={onDone} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending && <Spinner aria-label="Saving the user" />}
            {isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
