import {
  MAILBOX_LIMITS,
  MAILBOX_MESSAGES,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  type TMailbox,
  type TTeamListResponse,
} from '@helpdesk/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  handleSessionEnded,
  Spinner,
  serverMessage,
  useCategoryLabel,
  useLocalizeText,
  usePriorityLabel,
} from '@helpdesk/shared-ui';
import { Form, FormControl, FormField, FormItem, FormLabel } from '@helpdesk/shared-ui/form';
import { FormSelectField } from '@helpdesk/shared-ui/form-select-field';
import { FormTextField } from '@helpdesk/shared-ui/form-text-field';
import { Switch } from '@helpdesk/shared-ui/switch';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import type { Control } from 'react-hook-form';
import { useFeedbackT } from '../feedback/messages.ts';
import { formFailure } from '../feedback/mutation-failure.ts';
import { useAdminForm } from '../feedback/use-admin-form.ts';
import {
  FormDialog,
  FormDialogFooter,
  FormSection,
  type TFormProps,
  type TItemDialogProps,
} from '../service-levels/form-dialog.tsx';
import {
  mailboxFormValues,
  mailboxMessageText,
  NO_TEAM,
  type TMailboxFormRequest,
  type TMailboxFormValues,
  testRequestOf,
  ZMailboxFormRequest,
} from './mailbox-form.ts';
import { TEAMS_KEY } from './mailbox-query-keys.ts';
import { type TMailboxesT, useMailboxesT } from './messages.ts';
import { useSaveMailbox, useTestConnection } from './use-mailbox-mutations.ts';

const FIELD_NAMES = [
  'name',
  'address',
  'kind',
  'host',
  'port',
  'security',
  'username',
  'authMethod',
  'password',
  'oauthTokenUrl',
  'oauthClientId',
  'oauthClientSecret',
  'oauthRefreshToken',
  'folder',
  'afterProcessing',
  'moveToFolder',
  'teamId',
  'priority',
  'category',
  'unknownSenders',
  'allowedDomains',
] as const;

// Each choice's label as a message id, translated when the form renders.
const KIND_OPTIONS = [
  { value: 'imap', label: 'mailboxForm.kindImap' },
  { value: 'pipe', label: 'mailboxForm.kindPipe' },
] as const;
const SECURITY_OPTIONS = [
  { value: 'tls', label: 'mailboxForm.securityTls' },
  { value: 'starttls', label: 'mailboxForm.securityStarttls' },
  { value: 'none', label: 'mailboxForm.securityNone' },
] as const;
const AUTH_OPTIONS = [
  { value: 'password', label: 'mailboxForm.authPassword' },
  { value: 'oauth2', label: 'mailboxForm.authOauth2' },
] as const;
const AFTER_OPTIONS = [
  { value: 'seen', label: 'mailboxForm.afterSeen' },
  { value: 'move', label: 'mailboxForm.afterMove' },
  { value: 'delete', label: 'mailboxForm.afterDelete' },
] as const;
const UNKNOWN_OPTIONS = [
  { value: 'refuse', label: 'mailboxForm.unknownRefuse' },
  { value: 'create_account', label: 'mailboxForm.unknownCreate' },
  { value: 'allowed_domains', label: 'mailboxForm.unknownDomains' },
] as const;

// Example values, the same in every language.
const EXAMPLES = {
  address: 'support@example.com',
  host: 'imap.example.com',
  tokenUrl: 'https://login.microsoftonline.com/<tenant>/oauth2/v2.0/token',
  domains: 'example.com, example.org',
};

const translated = (
  t: TMailboxesT,
  options: readonly { value: string; label: Parameters<TMailboxesT>[0] }[],
) => options.map(({ value, label }) => ({ value, label: t(label) }));

type TMailboxControl = Control<TMailboxFormValues, unknown, TMailboxFormRequest>;

/** Add mailbox, and Edit for an existing one: where mail comes from, how it signs in, what tickets it makes. */
export function MailboxFormDialog({ mailbox, isOpen, onOpenChange }: TItemDialogProps<'mailbox', TMailbox>) {
  const save = useSaveMailbox(mailbox?.id);
  const t = useMailboxesT();
  return (
    <FormDialog
      title={mailbox ? t('mailboxForm.editTitle') : t('mailboxes.add')}
      description={t('mailboxForm.description')}
      isOpen={isOpen}
      mutation={save}
      onOpenChange={onOpenChange}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
      testId="mailbox-form-dialog"
    >
      {(form) => <MailboxForm mailbox={mailbox} {...form} />}
    </FormDialog>
  );
}

function SwitchField({
  control,
  name,
  label,
  isDisabled,
}: {
  control: TMailboxControl;
  name: 'isActive' | 'plusAddressing';
  label: string;
  isDisabled: boolean;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex flex-row items-center gap-3">
          <FormControl>
            <Switch
              ref={field.ref}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              disabled={isDisabled}
            />
          </FormControl>
          <FormLabel className="min-w-0 font-normal">{label}</FormLabel>
        </FormItem>
      )}
    />
  );
}

/** A write-only secret: empty keeps the saved one, which the placeholder says. */
function SecretField({
  control,
  name,
  label,
  hasSecret,
  isDisabled,
}: {
  control: TMailboxControl;
  name: 'password' | 'oauthClientSecret' | 'oauthRefreshToken';
  label: string;
  hasSecret: boolean;
  isDisabled: boolean;
}) {
  const t = useMailboxesT();
  return (
    <FormTextField
      control={control}
      name={name}
      label={hasSecret ? label : t('mailboxForm.required', { label })}
      type="password"
      autoComplete="new-password"
      placeholder={hasSecret ? t('mailboxForm.secretSaved') : undefined}
      disabled={isDisabled}
    />
  );
}

function MailboxForm({
  mailbox,
  isPending,
  onSave,
  onCancel,
  onSaved,
}: TFormProps<TMailboxFormRequest> & { mailbox?: TMailbox }) {
  const t = useMailboxesT();
  const { form, showFailure } = useAdminForm(
    ZMailboxFormRequest,
    mailboxFormValues(mailbox),
    isPending,
    mailboxMessageText(t),
  );
  const teamsQuery = useQuery<TTeamListResponse>({ queryKey: TEAMS_KEY });
  const test = useTestConnection();
  const localize = useLocalizeText();
  const [kind, authMethod, afterProcessing, unknownSenders] = form.watch([
    'kind',
    'authMethod',
    'afterProcessing',
    'unknownSenders',
  ]);
  const feedbackT = useFeedbackT();
  const priorityLabel = usePriorityLabel();
  const categoryLabel = useCategoryLabel();
  const priorityOptions = TICKET_PRIORITIES.map((value) => ({ value, label: priorityLabel(value) }));
  const categoryOptions = TICKET_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) }));
  const teamOptions = [
    { value: NO_TEAM, label: t('mailboxForm.noTeam') },
    ...(teamsQuery.data ?? []).map((team) => ({ value: team.id, label: team.name })),
  ];
  const isBusy = isPending || test.isPending;
  const secretProps = { control: form.control, hasSecret: mailbox?.hasSecret ?? false, isDisabled: isBusy };
  const control = form.control;

  function submit(body: TMailboxFormRequest) {
    onSave(body, {
      onSuccess: onSaved,
      onError: (error) => {
        if (handleSessionEnded(error)) return;
        showFailure(
          formFailure(error, {
            fieldNames: FIELD_NAMES,
            title: mailbox ? t('mailboxForm.saveError') : t('mailboxForm.createError'),
            fallback: feedbackT('feedback.tryAgain'),
            messageFields: [
              { message: MAILBOX_MESSAGES.nameExists, field: 'name' },
              { message: MAILBOX_MESSAGES.addressExists, field: 'address' },
            ],
          }),
        );
      },
    });
  }

  function runTest() {
    test.mutate(testRequestOf(form.getValues(), mailbox?.id), {
      onError: (error) => {
        if (handleSessionEnded(error)) return;
        showFailure(
          formFailure(error, {
            fieldNames: FIELD_NAMES,
            title: t('mailboxForm.testError'),
            fallback: feedbackT('feedback.tryAgain'),
          }),
        );
      },
    });
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-6">
        <FormSection title={t('mailboxForm.sectionMailbox')}>
          <FormTextField
            control={control}
            name="name"
            label={t('mailboxForm.name')}
            maxLength={MAILBOX_LIMITS.nameMax}
            disabled={isBusy}
          />
          <FormTextField
            control={control}
            name="address"
            label={t('mailboxForm.address')}
            type="email"
            placeholder={EXAMPLES.address}
            disabled={isBusy}
          />
          <FormSelectField
            control={control}
            name="kind"
            label={t('mailboxForm.kind')}
            options={translated(t, KIND_OPTIONS)}
            isDisabled={isBusy}
          />
          <div className="flex flex-col justify-end gap-3">
            <SwitchField
              control={control}
              name="isActive"
              label={t('mailboxForm.active')}
              isDisabled={isBusy}
            />
          </div>
        </FormSection>
        {kind === 'imap' && (
          <FormSection title={t('mailboxForm.sectionImap')}>
            <FormTextField
              control={control}
              name="host"
              label={t('mailboxForm.host')}
              placeholder={EXAMPLES.host}
              disabled={isBusy}
            />
            {/* minmax(0, …): a long security choice (or its translation) shrinks instead of spilling out. */}
            <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-4">
              <FormTextField
                control={control}
                name="port"
                label={t('mailboxForm.port')}
                inputMode="numeric"
                disabled={isBusy}
              />
              <FormSelectField
                control={control}
                name="security"
                label={t('mailboxForm.security')}
                options={translated(t, SECURITY_OPTIONS)}
                isDisabled={isBusy}
                className="min-w-0"
              />
            </div>
            <FormTextField
              control={control}
              name="username"
              label={t('mailboxForm.username')}
              autoComplete="off"
              disabled={isBusy}
            />
            <FormSelectField
              control={control}
              name="authMethod"
              label={t('mailboxForm.authMethod')}
              options={translated(t, AUTH_OPTIONS)}
              isDisabled={isBusy}
            />
            {authMethod === 'password' ? (
              <SecretField name="password" label={t('mailboxForm.password')} {...secretProps} />
            ) : (
              <>
                <FormTextField
                  control={control}
                  name="oauthTokenUrl"
                  label={t('mailboxForm.tokenUrl')}
                  placeholder={EXAMPLES.tokenUrl}
                  disabled={isBusy}
                />
                <FormTextField
                  control={control}
                  name="oauthClientId"
                  label={t('mailboxForm.clientId')}
                  autoComplete="off"
                  disabled={isBusy}
                />
                <SecretField
                  name="oauthClientSecret"
                  label={t('mailboxForm.clientSecret')}
                  {...secretProps}
                />
                <SecretField
                  name="oauthRefreshToken"
                  label={t('mailboxForm.refreshToken')}
                  {...secretProps}
                />
              </>
            )}
            <FormTextField
              control={control}
              name="folder"
              label={t('mailboxForm.folder')}
              disabled={isBusy}
            />
            <div className="flex flex-col justify-end gap-2 sm:col-span-2">
              <div>
                <Button type="button" variant="outline" onClick={runTest} disabled={isBusy}>
                  {test.isPending && <Spinner aria-label={t('mailboxForm.testingLabel')} />}
                  {test.isPending ? t('mailboxForm.testing') : t('mailboxForm.test')}
                </Button>
              </div>
              <div role="status" aria-live="polite">
                {test.data && (
                  <Alert variant={test.data.ok ? 'default' : 'destructive'} data-testid="mailbox-test-result">
                    {test.data.ok ? <CircleCheck aria-hidden="true" /> : <TriangleAlert aria-hidden="true" />}
                    <AlertTitle>
                      {test.data.ok ? t('mailboxForm.testWorks') : t('mailboxForm.testFailed')}
                    </AlertTitle>
                    <AlertDescription className="break-words">{localize(test.data.message)}</AlertDescription>
                  </Alert>
                )}
                {test.isError && !test.data && (
                  <p className="text-destructive text-sm">
                    {serverMessage(test.error) ?? feedbackT('feedback.tryAgain')}
                  </p>
                )}
              </div>
            </div>
            <FormSelectField
              control={control}
              name="afterProcessing"
              label={t('mailboxForm.afterProcessing')}
              options={translated(t, AFTER_OPTIONS)}
              isDisabled={isBusy}
            />
            {afterProcessing === 'move' && (
              <FormTextField
                control={control}
                name="moveToFolder"
                label={t('mailboxForm.moveToFolder')}
                disabled={isBusy}
              />
            )}
          </FormSection>
        )}
        <FormSection title={t('mailboxForm.sectionTickets')}>
          <FormSelectField
            control={control}
            name="teamId"
            label={t('mailboxForm.team')}
            options={teamOptions}
            isDisabled={isBusy}
          />
          <FormSelectField
            control={control}
            name="priority"
            label={t('mailboxForm.priority')}
            options={priorityOptions}
            isDisabled={isBusy}
          />
          <FormSelectField
            control={control}
            name="category"
            label={t('mailboxForm.category')}
            options={categoryOptions}
            isDisabled={isBusy}
          />
          <FormSelectField
            control={control}
            name="unknownSenders"
            label={t('mailboxForm.unknownSenders')}
            options={translated(t, UNKNOWN_OPTIONS)}
            isDisabled={isBusy}
          />
          {unknownSenders === 'allowed_domains' && (
            <FormTextField
              control={control}
              name="allowedDomains"
              label={t('mailboxForm.allowedDomains')}
              placeholder={EXAMPLES.domains}
              disabled={isBusy}
            />
          )}
          <div className="flex flex-col justify-end sm:col-span-2">
            <SwitchField
              control={control}
              name="plusAddressing"
              label={t('mailboxForm.plusAddressing')}
              isDisabled={isBusy}
            />
          </div>
        </FormSection>
        <FormDialogFooter
          labels={{
            create: t('mailboxForm.create'),
            creating: t('mailboxForm.creatingLabel'),
            saving: t('mailboxForm.savingLabel'),
          }}
          isEditing={mailbox !== undefined}
          isPending={isPending}
          onCancel={onCancel}
        />
      </form>
    </Form>
  );
}
