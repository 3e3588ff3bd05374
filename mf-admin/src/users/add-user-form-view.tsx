import { USER_ROLES } from '@helpdesk/contracts';
import { Button, handleSessionEnded, Spinner, toast } from '@helpdesk/shared-ui';
import { DialogFooter } from '@helpdesk/shared-ui/dialog';
import { Form } from '@helpdesk/shared-ui/form';
import { FormSelectField } from '@helpdesk/shared-ui/form-select-field';
import { FormTextField } from '@helpdesk/shared-ui/form-text-field';
import { useMemo } from 'react';
import { type FieldPath, type UseFormReturn, useWatch } from 'react-hook-form';
import { useAdminForm } from '../feedback/use-admin-form.ts';
import {
  ADD_USER_DEFAULTS,
  addUserFailure,
  addUserFormSchema,
  createUserBody,
  FORM_ROLE_LABEL_IDS,
  type TAddUserFormInput,
  type TAddUserFormOutput,
  userCreatedToast,
} from './add-user-form.ts';
import { type TUserFormsT, useUserFormsT } from './forms/messages.ts';
import type { useCreateUser } from './use-user-admin.ts';

type TTextField = {
  name: Exclude<FieldPath<TAddUserFormInput>, 'role' | 'sendInvitation'>;
  label: Parameters<TUserFormsT>[0];
  type: string;
  autoComplete: string;
};

const TEXT_FIELDS: TTextField[] = [
  { name: 'firstName', label: 'userForms.firstName', type: 'text', autoComplete: 'off' },
  { name: 'lastName', label: 'userForms.lastName', type: 'text', autoComplete: 'off' },
  { name: 'username', label: 'userForms.username', type: 'text', autoComplete: 'off' },
  { name: 'email', label: 'userForms.email', type: 'email', autoComplete: 'off' },
];

const PASSWORD_FIELDS: TTextField[] = [
  { name: 'password', label: 'userForms.password', type: 'password', autoComplete: 'new-password' },
  {
    name: 'confirmPassword',
    label: 'userForms.confirmPassword',
    type: 'password',
    autoComplete: 'new-password',
  },
];

const SIGN_IN_METHODS = [
  {
    isInvite: true,
    label: 'userForms.inviteLabel',
    hint: 'userForms.inviteHint',
  },
  {
    isInvite: false,
    label: 'userForms.setPasswordLabel',
    hint: 'userForms.setPasswordHint',
  },
] as const;

function TextFields({
  form,
  fields,
  isDisabled,
}: {
  form: UseFormReturn<TAddUserFormInput, unknown, TAddUserFormOutput>;
  fields: TTextField[];
  isDisabled: boolean;
}) {
  const t = useUserFormsT();
  return fields.map(({ name, label, type, autoComplete }) => (
    <FormTextField
      key={name}
      control={form.control}
      name={name}
      label={t(label)}
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
  const t = useUserFormsT();
  const isPending = create.isPending;
  const schema = useMemo(() => addUserFormSchema(t), [t]);
  const { form, showFailure } = useAdminForm(schema, ADD_USER_DEFAULTS, isPending);
  const isInvite = useWatch({ control: form.control, name: 'sendInvitation' });

  function submit(values: TAddUserFormOutput) {
    create.mutate(createUserBody(values), {
      onSuccess: ({ user }) => {
        toast(userCreatedToast(user, t));
        onCreated();
      },
      onError: (error) => {
        if (!handleSessionEnded(error)) showFailure(addUserFailure(error, t));
      },
    });
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextFields form={form} fields={TEXT_FIELDS} isDisabled={isPending} />
        <div className="grid gap-2 sm:col-span-2">
          <span id="sign-in-method-label" className="font-medium text-sm">
            {t('userForms.signInMethod')}
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
                <span className="font-medium">{t(method.label)}</span>
                <span className="text-muted-foreground">{t(method.hint)}</span>
              </button>
            ))}
          </div>
        </div>
        {!isInvite && <TextFields form={form} fields={PASSWORD_FIELDS} isDisabled={isPending} />}
        <FormSelectField
          control={form.control}
          name="role"
          label={t('userForms.role')}
          options={USER_ROLES.map((role) => ({ value: role, label: t(FORM_ROLE_LABEL_IDS[role]) }))}
          description={t('userForms.roleDescription')}
          isDisabled={isPending}
          className="sm:col-span-2"
        />
        <DialogFooter className="sm:col-span-2">
          <Button type="button" variant="outline" onClick={onCancel} disabled={isPending}>
            {t('userForms.cancel')}
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending && <Spinner aria-label={t('userForms.creatingUser')} />}
            {isPending
              ? t('userForms.creating')
              : isInvite
                ? t('userForms.sendInvitation')
                : t('userForms.createUser')}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
