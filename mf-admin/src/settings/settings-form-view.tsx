import {
  ADMIN_API_PATHS,
  SETTINGS_LANGUAGES,
  SETTINGS_LIMITS,
  SETTINGS_TIMEZONES,
  type TSettings,
  type TSettingsLanguage,
  type TSettingsTimezone,
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
import { useFeedbackT } from '../feedback/messages.ts';
import { useAdminForm } from '../feedback/use-admin-form.ts';
import { type TSettingsT, useSettingsT } from './messages.ts';
import {
  saveSettingsFailure,
  settingsBody,
  settingsMessageText,
  smtpPasswordHint,
  type TSettingsFormInput,
  type TSettingsFormOutput,
  toFormValues,
  ZSettingsForm,
} from './settings-form.ts';

type TSwitchField = Extract<
  FieldPath<TSettingsFormInput>,
  'emailNotifications' | 'pushNotifications' | 'autoAssignment' | 'requireApproval' | 'requireTwoFactor'
>;

const SWITCHES = [
  {
    name: 'emailNotifications',
    label: 'settings.emailNotifications',
    description: 'settings.emailNotificationsDescription',
  },
  {
    name: 'pushNotifications',
    label: 'settings.pushNotifications',
    description: 'settings.pushNotificationsDescription',
  },
  {
    name: 'autoAssignment',
    label: 'settings.autoAssignment',
    description: 'settings.autoAssignmentDescription',
  },
  {
    name: 'requireApproval',
    label: 'settings.requireApproval',
    description: 'settings.requireApprovalDescription',
  },
  {
    name: 'requireTwoFactor',
    label: 'settings.requireTwoFactor',
    description: 'settings.requireTwoFactorDescription',
  },
] as const satisfies readonly { name: TSwitchField; label: string; description: string }[];

const TIMEZONE_LABEL_IDS = {
  UTC: 'settings.timezone.UTC',
  EST: 'settings.timezone.EST',
  PST: 'settings.timezone.PST',
  GMT: 'settings.timezone.GMT',
} as const satisfies Record<TSettingsTimezone, string>;

// English names in English; in another language each language is named in itself ("Deutsch").
const LANGUAGE_LABEL_IDS = {
  en: 'settings.language.en',
  es: 'settings.language.es',
  fr: 'settings.language.fr',
  de: 'settings.language.de',
} as const satisfies Record<TSettingsLanguage, string>;

// Example values, the same in every language.
const EXAMPLES = { companyName: 'Acme Inc.', companyEmail: 'support@acme.com', smtpHost: 'smtp.example.com' };
const SMTP_PORT_EXAMPLE = '587';
const STORED_PASSWORD_MASK = '••••••••';

const timezoneOptions = (t: TSettingsT) =>
  SETTINGS_TIMEZONES.map((zone) => ({ value: zone, label: t(TIMEZONE_LABEL_IDS[zone]) }));
const languageOptions = (t: TSettingsT) =>
  SETTINGS_LANGUAGES.map((language) => ({
    value: language,
    // Separate text nodes, as the list always had them: one joined string is shaped a pixel differently.
    label: (
      <>
        {t(LANGUAGE_LABEL_IDS[language])} ({language})
      </>
    ),
  }));

/** Saves the whole form with PUT and makes the new timezone the one every screen formats dates in. */
function useSaveSettings() {
  const queryClient = useQueryClient();
  const t = useSettingsT();
  return useMutation({
    mutationFn: (values: TSettingsFormOutput) =>
      apiRequest<TSettings>('PUT', ADMIN_API_PATHS.adminSettings, settingsBody(values)),
    onSuccess: (saved) => {
      // Here, not in the form's own callback: a new timezone redraws the whole page (the shell keys
      // it by timezone), and a callback given to mutate() is skipped once its component is gone.
      toast({ title: t('settings.saved'), description: t('settings.savedDescription') });
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
  const t = useSettingsT();
  const { form, showFailure } = useAdminForm(
    ZSettingsForm,
    toFormValues(settings),
    isPending,
    settingsMessageText(t),
  );
  const isClearing = form.watch('clearSmtpPassword');
  const feedbackT = useFeedbackT();

  function submit(values: TSettingsFormOutput) {
    save.mutate(values, {
      onSuccess: (saved) => {
        // The saved values become the form's baseline; the password field empties again.
        form.reset(toFormValues(saved));
      },
      onError: (error) => {
        if (!handleSessionEnded(error))
          showFailure(saveSettingsFailure(error, t, feedbackT('feedback.tryAgain')));
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
            <CardTitle>{t('settings.generalTitle')}</CardTitle>
            <CardDescription>{t('settings.generalDescription')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <FormTextField
              control={form.control}
              name="companyName"
              label={t('settings.companyName')}
              placeholder={EXAMPLES.companyName}
              maxLength={SETTINGS_LIMITS.companyNameMax}
              disabled={isPending}
            />
            <FormTextField
              control={form.control}
              name="companyEmail"
              label={t('settings.companyEmail')}
              type="email"
              placeholder={EXAMPLES.companyEmail}
              disabled={isPending}
            />
            <FormSelectField
              control={form.control}
              name="timezone"
              label={t('settings.timezone')}
              options={timezoneOptions(t)}
              description={t('settings.timezoneDescription')}
              isDisabled={isPending}
            />
            <FormSelectField
              control={form.control}
              name="language"
              label={t('settings.language')}
              options={languageOptions(t)}
              isDisabled={isPending}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('settings.workflowTitle')}</CardTitle>
            <CardDescription>{t('settings.workflowDescription')}</CardDescription>
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
                      <FormLabel>{t(label)}</FormLabel>
                      <FormDescription>{t(description)}</FormDescription>
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
                label={t('settings.reopenWindow')}
                inputMode="numeric"
                className="max-w-32"
                disabled={isPending}
              >
                <FormDescription>
                  {t('settings.reopenWindowDescription', { max: SETTINGS_LIMITS.reopenWindowDaysMax })}
                </FormDescription>
              </FormTextField>
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('settings.smtpTitle')}</CardTitle>
            <CardDescription>{t('settings.smtpDescription')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <FormTextField
              control={form.control}
              name="smtpHost"
              label={t('settings.smtpHost')}
              placeholder={EXAMPLES.smtpHost}
              maxLength={SETTINGS_LIMITS.smtpHostMax}
              disabled={isPending}
            />
            <FormTextField
              control={form.control}
              name="smtpPort"
              label={t('settings.smtpPort')}
              inputMode="numeric"
              placeholder={SMTP_PORT_EXAMPLE}
              disabled={isPending}
            />
            <FormTextField
              control={form.control}
              name="smtpUsername"
              label={t('settings.smtpUsername')}
              autoComplete="off"
              maxLength={SETTINGS_LIMITS.smtpUsernameMax}
              disabled={isPending}
            />
            <FormTextField
              control={form.control}
              name="smtpPassword"
              label={t('settings.smtpPassword')}
              type="password"
              autoComplete="new-password"
              placeholder={settings.smtpPasswordSet ? STORED_PASSWORD_MASK : undefined}
              disabled={isPending || isClearing}
            >
              <FormDescription data-testid="smtp-password-hint">
                {smtpPasswordHint(settings.smtpPasswordSet, isClearing, t)}
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
                    <FormLabel className="font-normal">{t('settings.clearSmtpPassword')}</FormLabel>
                  </FormItem>
                )}
              />
            ) : null}
          </CardContent>
        </Card>

        <div className="flex flex-wrap items-center justify-end gap-3">
          <p className="mr-auto text-sm text-muted-foreground" data-testid="settings-saved-at">
            {settings.updatedAt
              ? t('settings.lastSaved', { date: formatDetailDate(settings.updatedAt) })
              : t('settings.neverSaved')}
          </p>
          <Button
            type="button"
            variant="outline"
            disabled={isPending || !form.formState.isDirty}
            onClick={() => form.reset(toFormValues(settings))}
          >
            {t('settings.discard')}
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending && <Spinner aria-label={t('settings.savingLabel')} />}
            {isPending ? t('settings.saving') : t('settings.save')}
          </Button>
        </div>
      </form>
    </Form>
  );
}
