import { USER_ROLE_LABELS, USER_ROLES } from '@helpdesk/contracts';
import { Button, handleSessionEnded, Spinner, toast } from '@helpdesk/shared-ui';
import { DialogFooter } from '@helpdesk/shared-ui/dialog';
import { Form } from '@helpdesk/shared-ui/form';
import { FormSelectField } from '@helpdesk/shared-ui/form-select-field';
import { FormTextField } from '@helpdesk/shared-ui/form-text-field';
import { type FieldPath, type UseFormReturn, useWatch } from 'react-hook-form';
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

type TTextField = {
  name: Exclude<FieldPath<TAddUserFormInput>, 'role' | 'sendInvitation'>;
  label: string;
  type: string;
  autoComplete: string;
};

const TEXT_FIELDS: TTextField[] = [
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'off' },
  { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'off' },
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'off' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
];

const PASSWORD_FIELDS: TTextField[] = [
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
];

const SIGN_IN_METHODS = [
  {
    isInvite: true,
    label: 'Send an invitation by email',
    hint: 'They choose their own password from a link.',
  },
  {
    isInvite: false,
    label: 'Set a password',
    hint: 'Share it with them; they can change it on their profile.',
  },
] as const;

const ROLE_OPTIONS = USER_ROLES.map((role) => ({ value: role, label: USER_ROLE_LABELS[role] }));

function TextFields({
  form,
  fields,
  isDisabled,
}: {
  form: UseFormReturn<TAddUserFormInput, unknown, TAddUserFormOutput>;
  fields: TTextField[];
  isDisabled: boolean;
}) {
  return fields.map(({ name, label, type, autoComplete }) => (
    <FormTextField
      key={name}
      control={form.control}
      name={name}
      label={label}
      type={type}
      autoComplete={autoComplete}
      disabled={isDisabled}
    />
  ));
}

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
  const isInvite = useWatch({ control: form.control, name: 'sendInvitation' });

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
        <TextFields form={form} fields={TEXT_FIELDS} isDisabled={isPending} />
        <div className="grid gap-2 sm:col-span-2">
          <span id="sign-in-method-label" className="font-medium text-sm">
            How will they sign in?
          </span>
          <div role="radiogroup" aria-labelledby="sign-in-method-label" className="grid gap-2">
            {SIGN_IN_METHODS.map((method) => (
              // biome-ignore lint/a11y/useSemanticElements: a native radio is named by a label, and "... by email" would then name it "Email" too.
              <button
                key={method.label}
                type="button"
                role="radio"
                aria-checked={isInvite === method.isInvite}
                disabled={isPending}
                onClick={() => form.setValue('sendInvitation', method.isInvite)}
                className="flex flex-col items-start rounded-md border p-2 text-left text-sm aria-checked:border-primary aria-checked:bg-primary/5"
              >
                <span className="font-medium">{method.label}</span>
                <span className="text-muted-foreground">{method.hint}</span>
              </button>
            ))}
          </div>
        </div>
        {!isInvite && <TextFields form={form} fields={PASSWORD_FIELDS} isDisabled={isPending} />}
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
            {isPending ? 'Creating...' : isInvite ? 'Send Invitation' : 'Create User'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
