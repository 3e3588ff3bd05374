import type { TUser } from '@helpdesk/contracts';
import { Button, fullName, handleSessionEnded, Spinner, toast } from '@helpdesk/shared-ui';
import { DialogFooter } from '@helpdesk/shared-ui/dialog';
import { Form, FormDescription } from '@helpdesk/shared-ui/form';
import { FormTextField } from '@helpdesk/shared-ui/form-text-field';
import { useMemo } from 'react';
import { useAdminForm } from '../feedback/use-admin-form.ts';
import {
  editUserBody,
  editUserDefaults,
  editUserFailure,
  editUserFormSchema,
  type TEditUserForm,
} from './edit-user-form.ts';
import { useUserFormsT } from './forms/messages.ts';
import { useUpdateUser } from './use-user-admin.ts';

/**
 * The edit dialog's form and its request. A module of its own, loaded when an admin opens Edit (as
 * Add User's form is): the resolver, zod and the schema stay out of the Users tab's first load.
 */
export function EditUserForm({ user, onDone }: { user: TUser; onDone: () => void }) {
  const t = useUserFormsT();
  const update = useUpdateUser();
  const isPending = update.isPending;
  const schema = useMemo(() => editUserFormSchema(t), [t]);
  const defaults = editUserDefaults(user);
  const { form, showFailure } = useAdminForm(schema, defaults, isPending);

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
            title: t('userForms.updatedTitle'),
            description: saved.emailVerified
              ? t('userForms.saved', { name: fullName(saved) })
              : t('userForms.savedUnconfirmed', { name: fullName(saved) }),
          });
          onDone();
        },
        onError: (error) => {
          if (!handleSessionEnded(error)) showFailure(editUserFailure(error, t));
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
          label={t('userForms.firstName')}
          autoComplete="off"
          disabled={isPending}
        />
        <FormTextField
          control={form.control}
          name="lastName"
          label={t('userForms.lastName')}
          autoComplete="off"
          disabled={isPending}
        />
        <div className="sm:col-span-2">
          <FormTextField
            control={form.control}
            name="email"
            label={t('userForms.email')}
            type="email"
            autoComplete="off"
            disabled={isPending}
          >
            <FormDescription>{t('userForms.emailHint')}</FormDescription>
          </FormTextField>
        </div>
        <DialogFooter className="sm:col-span-2">
          <Button type="button" variant="outline" onClick={onDone} disabled={isPending}>
            {t('userForms.cancel')}
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending && <Spinner aria-label={t('userForms.savingUser')} />}
            {isPending ? t('userForms.saving') : t('userForms.saveChanges')}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
