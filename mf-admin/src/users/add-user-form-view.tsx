import { USER_ROLE_LABELS, USER_ROLES } from '@helpdesk/contracts';
import { Button, handleSessionEnded, Spinner, toast } from '@helpdesk/shared-ui';
import { DialogFooter } from '@helpdesk/shared-ui/dialog';
import { Form } from '@helpdesk/shared-ui/form';
import { FormSelectField } from '@helpdesk/shared-ui/form-select-field';
import { FormTextField } from '@helpdesk/shared-ui/form-text-field';
import type { FieldPath } from 'react-hook-form';
import { useAdminForm } from '../feedback/use-admin-form.ts';
import {
  ADD_USER_DEFAULTS,
  addUserFailure,
  createUserBody,
  type TAddUserFormInput,
  type TAddUserFormOutput,
  userCreatedToast,
  ZAddUserForm,
} from './add-user-form.ts';
import type { useCreateUser } from './use-user-admin.ts';

const TEXT_FIELDS: {
  name: Exclude<FieldPath<TAddUserFormInput>, 'role'>;
  label: string;
  type: string;
  autoComplete: string;
}[] = [
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'off' },
  { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'off' },
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'off' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
];

const ROLE_OPTIONS = USER_ROLES.map((role) => ({ value: role, label: USER_ROLE_LABELS[role] }));

/**
 * The Add User form and its request. A module of its own, loaded when an admin reaches for Add User
 * (see add-user-dialog.tsx): the resolver, zod and the schema stay out of the Users tab's first load.
 */
export function AddUserForm({
  create,
  onCancel,
  onCreated,
}: {
  create: ReturnType<typeof useCreateUser>;
  onCancel: () => void;
  onCreated: () => void;
}) {
  const isPending = create.isPending;
  const { form, showFailure } = useAdminForm(ZAddUserForm, ADD_USER_DEFAULTS, isPending);

  function submit(values: TAddUserFormOutput) {
    create.mutate(createUserBody(values), {
      onSuccess: ({ user }) => {
        toast(userCreatedToast(user));
        onCreated();
      },
      onError: (error) => {
        if (!handleSessionEnded(error)) showFailure(addUserFailure(error));
      },
    });
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(({ name, label, type, autoComplete }) => (
          <FormTextField
            key={name}
            control={form.control}
            name={name}
            label={label}
            type={type}
            autoComplete={autoComplete}
            disabled={isPending}
          />
        ))}
        <FormSelectField
          control={form.control}
          name="role"
          label="Role"
          options={ROLE_OPTIONS}
          description="Agents work on tickets; admins also manage users, teams, settings and reports."
          isDisabled={isPending}
          className="sm:col-span-2"
        />
        <DialogFooter className="sm:col-span-2">
          <Button type="button" variant="outline" onClick={onCancel} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending && <Spinner aria-label="Creating the user" />}
            {isPending ? 'Creating...' : 'Create User'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
