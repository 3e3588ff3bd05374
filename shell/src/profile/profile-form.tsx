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
  refreshCurrentUser,
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
import { useForm } from 'react-hook-form';

/** First name, last name and email of the signed-in user. */
export function ProfileForm({ user }: { user: TUser }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ZProfileUpdateRequest),
    defaultValues: { firstName: user.firstName, lastName: user.lastName, email: user.email },
  });

  const update = useMutation({
    mutationFn: (body: TProfileUpdateRequest) => apiRequest<unknown>('PATCH', API_PATHS.authProfile, body),
    onSuccess: async (_answer, body) => {
      setFailure(null);
      form.reset(body);
      toast({ title: 'Profile updated', description: 'Your profile information has been saved.' });
      await refreshCurrentUser(queryClient);
    },
    onError: (error) => {
      if (handleSessionEnded(error)) return;
      setFailure(serverMessage(error) ?? 'Failed to update profile.');
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile information</CardTitle>
        <CardDescription>Update your name and email address.</CardDescription>
      </CardHeader>
      <CardContent>
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
                label="First Name"
                autoComplete="given-name"
              />
              <FormTextField
                control={form.control}
                name="lastName"
                label="Last Name"
                autoComplete="family-name"
              />
            </div>
            <FormTextField
              control={form.control}
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
            />
            <div className="flex justify-end">
              <Button type="submit" disabled={update.isPending}>
                {update.isPending && <Spinner aria-label="Saving profile" />}
                {update.isPending ? 'Saving...' : 'Save Changes'}
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
