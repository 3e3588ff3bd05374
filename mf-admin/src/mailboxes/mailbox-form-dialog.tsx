import {
  MAILBOX_LIMITS,
  MAILBOX_MESSAGES,
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
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
  useLocalizeText,
} from '@helpdesk/shared-ui';
import { Form, FormControl, FormField, FormItem, FormLabel } from '@helpdesk/shared-ui/form';
import { FormSelectField } from '@helpdesk/shared-ui/form-select-field';
import { FormTextField } from '@helpdesk/shared-ui/form-text-field';
import { Switch } from '@helpdesk/shared-ui/switch';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import { formFailure } from '../feedback/mutation-failure.ts';
import { useAdminForm } from '../feedback/use-admin-form.ts';
import {
  FormDialog,
  FormDialogFooter,
  type TFormProps,
  type TItemDialogProps,
} from '../service-levels/form-dialog.tsx';
import {
  mailboxFormValues,
  NO_TEAM,
  type TMailboxFormRequest,
  type TMailboxFormValues,
  testRequestOf,
  ZMailboxFormRequest,
} from './mailbox-form.ts';
import { TEAMS_KEY } from './mailbox-query-keys.ts';
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

const KIND_OPTIONS = [
  { value: 'imap', label: 'IMAP: the desk fetches the mail' },
  { value: 'pipe', label: 'Pipe: the mail server hands it over' },
];
const SECURITY_OPTIONS = [
  { value: 'tls', label: 'TLS (port 993)' },
  { value: 'starttls', label: 'STARTTLS (port 143)' },
  { value: 'none', label: 'None (trusted network only)' },
];
const AUTH_OPTIONS = [
  { value: 'password', label: 'Password' },
  { value: 'oauth2', label: 'OAuth2 (Microsoft 365, Google)' },
];
const AFTER_OPTIONS = [
  { value: 'seen', label: 'Mark as read' },
  { value: 'move', label: 'Move to a folder' },
  { value: 'delete', label: 'Delete from the server' },
];
const UNKNOWN_OPTIONS = [
  { value: 'refuse', label: 'Refuse politely' },
  { value: 'create_account', label: 'Create a requester account' },
  { value: 'allowed_domains', label: 'Create an account for the listed domains only' },
];
const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((value) => ({ value, label: TICKET_PRIORITY_LABELS[value] }));
const CATEGORY_OPTIONS = TICKET_CATEGORIES.map((value) => ({ value, label: TICKET_CATEGORY_LABELS[value] }));

type TMailboxControl = Control<TMailboxFormValues, unknown, TMailboxFormRequest>;

/** Add mailbox, and Edit for an existing one: where mail comes from, how it signs in, what tickets it makes. */
export function MailboxFormDialog({ mailbox, isOpen, onOpenChange }: TItemDialogProps<'mailbox', TMailbox>) {
  const save = useSaveMailbox(mailbox?.id);
  return (
    <FormDialog
      title={mailbox ? 'Edit mailbox' : 'Add mailbox'}
      description="Mail to this address becomes tickets, and replies become comments."
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
  return (
    <FormTextField
      control={control}
      name={name}
      label={hasSecret ? label : `${label} *`}
      type="password"
      autoComplete="new-password"
      placeholder={hasSecret ? 'Saved. Leave empty to keep it.' : undefined}
      disabled={isDisabled}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
      <legend className="mb-2 font-medium text-sm">{title}</legend>
      {children}
    </fieldset>
  );
}

function MailboxForm({
  mailbox,
  isPending,
  onSave,
  onCancel,
  onSaved,
}: TFormProps<TMailboxFormRequest> & { mailbox?: TMailbox }) {
  const { form, showFailure } = useAdminForm(ZMailboxFormRequest, mailboxFormValues(mailbox), isPending);
  const teamsQuery = useQuery<TTeamListResponse>({ queryKey: TEAMS_KEY });
  const test = useTestConnection();
  const localize = useLocalizeText();
  const [kind, authMethod, afterProcessing, unknownSenders] = form.watch([
    'kind',
    'authMethod',
    'afterProcessing',
    'unknownSenders',
  ]);
  const teamOptions = [
    { value: NO_TEAM, label: 'No team' },
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
            title: mailbox ? 'Error saving mailbox' : 'Error creating mailbox',
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
        showFailure(formFailure(error, { fieldNames: FIELD_NAMES, title: 'Could not test the connection' }));
      },
    });
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-6">
        <Section title="Mailbox">
          <FormTextField
            control={control}
            name="name"
            label="Name *"
            maxLength={MAILBOX_LIMITS.nameMax}
            disabled={isBusy}
          />
          <FormTextField
            control={control}
            name="address"
            label="Support address *"
            type="email"
            placeholder="support@example.com"
            disabled={isBusy}
          />
          <FormSelectField
            control={control}
            name="kind"
            label="How mail arrives"
            options={KIND_OPTIONS}
            isDisabled={isBusy}
          />
          <div className="flex flex-col justify-end gap-3">
            <SwitchField
              control={control}
              name="isActive"
              label="Active: read this mailbox"
              isDisabled={isBusy}
            />
          </div>
        </Section>
        {kind === 'imap' && (
          <Section title="IMAP server">
            <FormTextField
              control={control}
              name="host"
              label="Server *"
              placeholder="imap.example.com"
              disabled={isBusy}
            />
            {/* minmax(0, …): a long security choice (or its translation) shrinks instead of spilling out. */}
            <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-4">
              <FormTextField
                control={control}
                name="port"
                label="Port *"
                inputMode="numeric"
                disabled={isBusy}
              />
              <FormSelectField
                control={control}
                name="security"
                label="Security"
                options={SECURITY_OPTIONS}
                isDisabled={isBusy}
                className="min-w-0"
              />
            </div>
            <FormTextField
              control={control}
              name="username"
              label="User name *"
              autoComplete="off"
              disabled={isBusy}
            />
            <FormSelectField
              control={control}
              name="authMethod"
              label="Sign-in"
              options={AUTH_OPTIONS}
              isDisabled={isBusy}
            />
            {authMethod === 'password' ? (
              <SecretField name="password" label="Password" {...secretProps} />
            ) : (
              <>
                <FormTextField
                  control={control}
                  name="oauthTokenUrl"
                  label="Token URL *"
                  placeholder="https://login.microsoftonline.com/<tenant>/oauth2/v2.0/token"
                  disabled={isBusy}
                />
                <FormTextField
                  control={control}
                  name="oauthClientId"
                  label="Client ID *"
                  autoComplete="off"
                  disabled={isBusy}
                />
                <SecretField name="oauthClientSecret" label="Client secret" {...secretProps} />
                <SecretField name="oauthRefreshToken" label="Refresh token" {...secretProps} />
              </>
            )}
            <FormTextField control={control} name="folder" label="Folder *" disabled={isBusy} />
            <div className="flex flex-col justify-end gap-2 sm:col-span-2">
              <div>
                <Button type="button" variant="outline" onClick={runTest} disabled={isBusy}>
                  {test.isPending && <Spinner aria-label="Testing the connection" />}
                  {test.isPending ? 'Testing...' : 'Test connection'}
                </Button>
              </div>
              <div role="status" aria-live="polite">
                {test.data && (
                  <Alert variant={test.data.ok ? 'default' : 'destructive'} data-testid="mailbox-test-result">
                    {test.data.ok ? <CircleCheck aria-hidden="true" /> : <TriangleAlert aria-hidden="true" />}
                    <AlertTitle>{test.data.ok ? 'Connection works' : 'Connection failed'}</AlertTitle>
                    <AlertDescription className="break-words">{localize(test.data.message)}</AlertDescription>
                  </Alert>
                )}
                {test.isError && !test.data && (
                  <p className="text-destructive text-sm">
                    {serverMessage(test.error) ?? 'Please try again.'}
                  </p>
                )}
              </div>
            </div>
            <FormSelectField
              control={control}
              name="afterProcessing"
              label="After a message is taken in"
              options={AFTER_OPTIONS}
              isDisabled={isBusy}
            />
            {afterProcessing === 'move' && (
              <FormTextField
                control={control}
                name="moveToFolder"
                label="Move to folder *"
                disabled={isBusy}
              />
            )}
          </Section>
        )}
        <Section title="New tickets">
          <FormSelectField
            control={control}
            name="teamId"
            label="Team"
            options={teamOptions}
            isDisabled={isBusy}
          />
          <FormSelectField
            control={control}
            name="priority"
            label="Priority"
            options={PRIORITY_OPTIONS}
            isDisabled={isBusy}
          />
          <FormSelectField
            control={control}
            name="category"
            label="Category"
            options={CATEGORY_OPTIONS}
            isDisabled={isBusy}
          />
          <FormSelectField
            control={control}
            name="unknownSenders"
            label="Mail from unknown senders"
            options={UNKNOWN_OPTIONS}
            isDisabled={isBusy}
          />
          {unknownSenders === 'allowed_domains' && (
            <FormTextField
              control={control}
              name="allowedDomains"
              label="Allowed domains *"
              placeholder="example.com, example.org"
              disabled={isBusy}
            />
          )}
          <div className="flex flex-col justify-end sm:col-span-2">
            <SwitchField
              control={control}
              name="plusAddressing"
              label="Plus addressing: replies to support+TKT-000123@… reach this mailbox"
              isDisabled={isBusy}
            />
          </div>
        </Section>
        <FormDialogFooter
          noun="Mailbox"
          isEditing={mailbox !== undefined}
          isPending={isPending}
          onCancel={onCancel}
        />
      </form>
    </Form>
  );
}
