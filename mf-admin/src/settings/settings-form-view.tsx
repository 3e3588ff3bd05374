import {
  ADMIN_API_PATHS,
  SETTINGS_LANGUAGE_LABELS,
  SETTINGS_LANGUAGES,
  SETTINGS_LIMITS,
  SETTINGS_MESSAGES,
  SETTINGS_TIMEZONE_LABELS,
  SETTINGS_TIMEZONES,
  type TSettings,
} from '@helpdesk/contracts';
import {
  apiRequest,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  DISPLAY_SETTINGS_QUERY_KEY,
  formatDetailDate,
  handleSessionEnded,
  Spinner,
  toast,
} from '@helpdesk/shared-ui';
import { Checkbox } from '@helpdesk/shared-ui/checkbox';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel } from '@helpdesk/shared-ui/form';
import { FormSelectField } from '@helpdesk/shared-ui/form-select-field';
import { FormTextField } from '@helpdesk/shared-ui/form-text-field';
import { Switch } from '@helpdesk/shared-ui/switch';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldPath } from 'react-hook-form';
import { useAdminForm } from '../feedback/use-admin-form.ts';
import {
  saveSettingsFailure,
  settingsBody,
  smtpPasswordHint,
  type TSettingsFormInput,
  type TSettingsFormOutput,
  toFormValues,
  ZSettingsForm,
} from './settings-form.ts';

type TSwitchField = Extract<
  FieldPath<TSettingsFormInput>,
  'emailNotifications' | 'pushNotifications' | 'autoAssignment' | 'requireApproval'
>;

const SWITCHES: { name: TSwitchField; label: string; description: string }[] = [
  {
    name: 'emailNotifications',
    label: 'Email notifications',
    description: 'Send ticket updates to requesters and agents by email.',
  },
  {
    name: 'pushNotifications',
    label: 'Push notifications',
    description:
      'Let agents and admins get desktop notifications for assignments, SLA warnings and requester replies while the desk is open in their browser (each allows them once, from the bell). Lists, tickets and the bell refresh live either way.',
  },
  {
    name: 'autoAssignment',
    label: 'Auto assignment',
    description: 'Give new tickets to an available agent automatically.',
  },
  {
    name: 'requireApproval',
    label: 'Require approval before closing tickets',
    description: 'While on, only administrators can close a ticket; agents can still resolve it.',
  },
];

const TIMEZONE_OPTIONS = SETTINGS_TIMEZONES.map((zone) => ({
  value: zone,
  label: SETTINGS_TIMEZONE_LABELS[zone],
}));
const LANGUAGE_OPTIONS = SETTINGS_LANGUAGES.map((language) => ({
  value: language,
  // Separate text nodes, as the list always had them: one joined string is shaped a pixel differently.
  label: (
    <>
      {SETTINGS_LANGUAGE_LABELS[language]} ({language})
    </>
  ),
}));

/** Saves the whole form with PUT and makes the new timezone the one every screen formats dates in. */
function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TSettingsFormOutput) =>
      apiRequest<TSettings>('PUT', ADMIN_API_PATHS.adminSettings, settingsBody(values)),
    onSuccess: (saved) => {
      // Here, not in the form's own callback: a new timezone redraws the whole page (the shell keys
      // it by timezone), and a callback given to mutate() is skipped once its component is gone.
      toast({ title: SETTINGS_MESSAGES.saved, description: SETTINGS_MESSAGES.savedDescription });
      queryClient.setQueryData([ADMIN_API_PATHS.adminSettings], saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: DISPLAY_SETTINGS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: [ADMIN_API_PATHS.adminAuditLogs] }),
        // A new SMTP server changes the Email delivery card's status line.
        queryClient.invalidateQueries({ queryKey: [ADMIN_API_PATHS.adminEmailOutbox] }),
      ]);
    },
  });
}

/** The Settings form (docs/product.md#settings), filled from the stored settings. */
export function SettingsFormView({ settings }: { settings: TSettings }) {
  const save = useSaveSettings();
  const isPending = save.isPending;
  const { form, showFailure } = useAdminForm(ZSettingsForm, toFormValues(settings), isPending);
  const isClearing = form.watch('clearSmtpPassword');

  function submit(values: TSettingsFormOutput) {
    save.mutate(values, {
      onSuccess: (saved) => {
        // The saved values become the form's baseline; the password field empties again.
        form.reset(toFormValues(saved));
      },
      onError: (error) => {
        if (!handleSessionEnded(error)) showFailure(saveSettingsFailure(error));
      },
    });
  }

  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit(submit)}
        noValidate
        className="flex flex-col gap-6"
        data-testid="settings-form"
      >
        <Card>
          <CardHeader>
            <CardTitle>General</CardTitle>
            <CardDescription>How the help desk names itself and shows dates.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <FormTextField
              control={form.control}
              name="companyName"
              label="Company Name"
              placeholder="Acme Inc."
              maxLength={SETTINGS_LIMITS.companyNameMax}
              disabled={isPending}
            />
            <FormTextField
              control={form.control}
              name="companyEmail"
              label="Company Email"
              type="email"
              placeholder="support@acme.com"
              disabled={isPending}
            />
            <FormSelectField
              control={form.control}
              name="timezone"
              label="Default Timezone"
              options={TIMEZONE_OPTIONS}
              description="Every date in the help desk is shown in this timezone."
              isDisabled={isPending}
            />
            <FormSelectField
              control={form.control}
              name="language"
              label="Default Language"
              options={LANGUAGE_OPTIONS}
              isDisabled={isPending}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Notifications and workflow</CardTitle>
            <CardDescription>What the help desk does on its own.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col divide-y">
            {SWITCHES.map(({ name, label, description }) => (
              <FormField
                key={name}
                control={form.control}
                name={name}
                render={({ field }) => (
                  <FormItem className="flex flex-row items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
                    <div className="grid gap-1">
                      <FormLabel>{label}</FormLabel>
                      <FormDescription>{description}</FormDescription>
                    </div>
                    <FormControl>
                      <Switch
                        checked={field.value}
                        onCheckedChange={field.onChange}
                        onBlur={field.onBlur}
                        ref={field.ref}
                        disabled={isPending}
                      />
                    </FormControl>
                  </FormItem>
                )}
              />
            ))}
            <div className="pt-3">
              <FormTextField
                control={form.control}
                name="reopenWindowDays"
                label="Reopen window (days)"
                inputMode="numeric"
                className="max-w-32"
                disabled={isPending}
              >
                <FormDescription>
                  A requester's reply within this many days of resolution reopens the ticket; later replies,
                  and replies to closed tickets, open a new follow-up ticket. 0 never reopens (0 to{' '}
                  {SETTINGS_LIMITS.reopenWindowDaysMax}).
                </FormDescription>
              </FormTextField>
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Email server (SMTP)</CardTitle>
            <CardDescription>
              The server outgoing email is sent through. Leave the host empty to send none.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <FormTextField
              control={form.control}
              name="smtpHost"
              label="SMTP Host"
              placeholder="smtp.example.com"
              maxLength={SETTINGS_LIMITS.smtpHostMax}
              disabled={isPending}
            />
            <FormTextField
              control={form.control}
              name="smtpPort"
              label="SMTP Port"
              inputMode="numeric"
              placeholder="587"
              disabled={isPending}
            />
            <FormTextField
              control={form.control}
              name="smtpUsername"
              label="SMTP Username"
              autoComplete="off"
              maxLength={SETTINGS_LIMITS.smtpUsernameMax}
              disabled={isPending}
            />
            <FormTextField
              control={form.control}
              name="smtpPassword"
              label="SMTP Password"
              type="password"
              autoComplete="new-password"
              placeholder={settings.smtpPasswordSet ? '••••••••' : ''}
              disabled={isPending || isClearing}
            >
              <FormDescription data-testid="smtp-password-hint">
                {smtpPasswordHint(settings.smtpPasswordSet, isClearing)}
              </FormDescription>
            </FormTextField>
            {settings.smtpPasswordSet ? (
              <FormField
                control={form.control}
                name="clearSmtpPassword"
                render={({ field }) => (
                  <FormItem className="flex flex-row items-center gap-2 sm:col-span-2">
                    <FormControl>
                      <Checkbox
                        checked={field.value}
                        onCheckedChange={(checked) => field.onChange(checked === true)}
                        onBlur={field.onBlur}
                        ref={field.ref}
                        disabled={isPending}
                      />
                    </FormControl>
                    <FormLabel className="font-normal">Remove the stored SMTP password</FormLabel>
                  </FormItem>
                )}
              />
            ) : null}
          </CardContent>
        </Card>

        <div className="flex flex-wrap items-center justify-end gap-3">
          <p className="mr-auto text-sm text-muted-foreground" data-testid="settings-saved-at">
            {settings.updatedAt
              ? `Last saved ${formatDetailDate(settings.updatedAt)}`
              : 'The defaults are in effect: these settings were never saved.'}
          </p>
          <Button
            type="button"
            variant="outline"
            disabled={isPending || !form.formState.isDirty}
            onClick={() => form.reset(toFormValues(settings))}
          >
            Discard changes
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending && <Spinner aria-label="Saving the settings" />}
            {isPending ? 'Saving...' : 'Save Settings'}
          </Button>
        </div>
      </form>
    </Form>
  );
}
