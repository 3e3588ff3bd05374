import { type TProfileUpdateRequest, type TUser, ZProfileUpdateRequest } from '@helpdesk/contracts';
import { API_PATHS } from '@helpdesk/contracts/constants';
import {
  Alert,
  AlertDescription,
  apiRequest,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  handleSessionEnded,
  Spinner,
  serverMessage,
  toast,
} from '@helpdesk/shared-ui';
import { Form } from '@helpdesk/shared-ui/form';
import { FormTextField } from '@helpdesk/shared-ui/form-text-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { PasswordField } from '../auth/password-field.tsx';
import { useProfileT } from './messages.ts';
import { PendingEmailNotice } from './pending-email-notice.tsx';
import { seedCurrentUser } from './seed-current-user.ts';

const isSameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * First name, last name and email of the signed-in user. A new email asks for the current password
 * and waits for the link mailed to it (docs/product.md#changing-your-email-address): the account
 * keeps its address until then, and the notice under the form says so.
 */
export function ProfileForm({ user }: { user: TUser }) {
  const t = useProfileT();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const defaults = {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    currentPassword: '',
  };
  const form = useForm({ resolver: zodResolver(ZProfileUpdateRequest), defaultValues: defaults });
  const email = useWatch({ control: form.control, name: 'email' });
  const isNewAddress = !isSameAddress(email ?? '', user.email);

  const update = useMutation({
    mutationFn: ({ currentPassword, ...names }: TProfileUpdateRequest) =>
      apiRequest<{ user: TUser }>(
        'PATCH',
        API_PATHS.authProfile,
        isSameAddress(names.email, user.email) ? names : { ...names, currentPassword },
      ),
    onSuccess: async ({ user: saved }, body) => {
      setFailure(null);
      form.reset({ ...body, email: saved.email, currentPassword: '' });
      const isPending = !isSameAddress(body.email, saved.email);
      toast(
        isPending
          ? {
              title: t('profile.checkInbox'),
              description: t('profile.confirmationSent', { email: body.email }),
            }
          : { title: t('profile.updated'), description: t('profile.updatedDescription') },
      );
      seedCurrentUser(queryClient, saved);
    },
    onError: (error) => {
      if (handleSessionEnded(error)) return;
      setFailure(serverMessage(error) ?? t('profile.updateFailed'));
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.infoTitle')}</CardTitle>
        <CardDescription>{t('profile.infoDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <PendingEmailNotice user={user} />
        <Form {...form}>
          <form
            onSubmit={form.handleSubmit((values) => update.mutate(values))}
            className="space-y-4"
            noValidate
          >
            {failure && (
              <Alert variant="destructive" data-testid="profile-error">
                <CircleAlert className="size-4" aria-hidden />
                <AlertDescription>{failure}</AlertDescription>
              </Alert>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <FormTextField
                control={form.control}
                name="firstName"
                label={t('profile.firstName')}
                autoComplete="given-name"
              />
              <FormTextField
                control={form.control}
                name="lastName"
                label={t('profile.lastName')}
                autoComplete="family-name"
              />
            </div>
            <FormTextField
              control={form.control}
              name="email"
              label={t('profile.email')}
              type="email"
              autoComplete="email"
            >
              {isNewAddress && <p className="text-muted-foreground text-xs">{t('profile.newAddressHint')}</p>}
            </FormTextField>
            {isNewAddress && (
              <PasswordField
                control={form.control}
                name="currentPassword"
                label={t('profile.currentPassword')}
                autoComplete="current-password"
              >
                <p className="text-muted-foreground text-xs">{t('profile.passwordNeeded')}</p>
              </PasswordField>
            )}
            <div className="flex justify-end">
              <Button type="submit" disabled={update.isPending}>
                {update.isPending && <Spinner aria-label={t('profile.savingLabel')} />}
                {update.isPending ? t('profile.saving') : t('profile.save')}
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
