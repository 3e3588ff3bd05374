import { SSO_LIMITS, SSO_MESSAGES, type TSsoProvider } from '@helpdesk/contracts';
import {
  Alert,
  AlertDescription,
  Button,
  handleSessionEnded,
  Spinner,
  serverMessage,
  useLocalizeText,
} from '@helpdesk/shared-ui';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel } from '@helpdesk/shared-ui/form';
import { FormSelectField } from '@helpdesk/shared-ui/form-select-field';
import { FormTextareaField, FormTextField } from '@helpdesk/shared-ui/form-text-field';
import { Switch } from '@helpdesk/shared-ui/switch';
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
import { useSsoT } from './messages.ts';
import { CREATE_ACCOUNTS_LABELS } from './sso-labels.ts';
import {
  ssoMessageText,
  ssoProviderFormValues,
  type TSsoProviderFormRequest,
  type TSsoProviderFormValues,
  ZSsoProviderCreateForm,
  ZSsoProviderUpdateForm,
} from './sso-provider-form.ts';
import { useSaveSsoProvider, useTestSsoProvider } from './use-sso-provider-mutations.ts';

const FIELD_NAMES = [
  'id',
  'label',
  'issuer',
  'clientId',
  'clientSecret',
  'domains',
  'createAccounts',
  'roleClaim',
  'adminValues',
  'agentValues',
] as const;

// Example values, the same in every language.
const EXAMPLES = {
  issuer: 'https://login.example.com',
  domains: 'example.com, example.org',
  claim: 'groups',
};

/** Add provider, and Edit for an existing one. */
export function SsoProviderFormDialog({
  provider,
  isOpen,
  onOpenChange,
}: TItemDialogProps<'provider', TSsoProvider>) {
  const save = useSaveSsoProvider(provider?.id);
  const t = useSsoT();
  return (
    <FormDialog
      title={provider ? t('ssoForm.editTitle') : t('ssoForm.addTitle')}
      description={t('ssoForm.formDescription')}
      isOpen={isOpen}
      mutation={save}
      onOpenChange={onOpenChange}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
      testId="sso-provider-form-dialog"
    >
      {(form) => <SsoProviderForm provider={provider} {...form} />}
    </FormDialog>
  );
}

/** Test discovery of the saved provider: the server reads the issuer's discovery document now. */
function TestDiscovery({ providerId, isDisabled }: { providerId: string; isDisabled: boolean }) {
  const t = useSsoT();
  const test = useTestSsoProvider(providerId);
  const localize = useLocalizeText();
  const feedbackT = useFeedbackT();
  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      <div>
        <Button
          type="button"
          variant="outline"
          onClick={() => test.mutate()}
          disabled={isDisabled || test.isPending}
        >
          {test.isPending && <Spinner aria-label={t('ssoForm.testingLabel')} />}
          {test.isPending ? t('ssoForm.testing') : t('ssoForm.test')}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {test.data && (
          <Alert variant={test.data.ok ? 'default' : 'destructive'} data-testid="sso-test-result">
            <AlertDescription className="break-words">{localize(test.data.message)}</AlertDescription>
          </Alert>
        )}
        {test.isError && (
          <p className="text-destructive text-sm">
            {t('ssoForm.testError')}: {serverMessage(test.error) ?? feedbackT('feedback.tryAgain')}
          </p>
        )}
      </div>
    </div>
  );
}

function SsoProviderForm({
  provider,
  isPending,
  onSave,
  onCancel,
  onSaved,
}: TFormProps<TSsoProviderFormRequest> & { provider?: TSsoProvider }) {
  const t = useSsoT();
  const feedbackT = useFeedbackT();
  const { form, showFailure } = useAdminForm<TSsoProviderFormValues, TSsoProviderFormRequest>(
    provider ? ZSsoProviderUpdateForm : ZSsoProviderCreateForm,
    ssoProviderFormValues(provider),
    isPending,
    ssoMessageText(t),
  );
  const control = form.control;
  const roleClaim = form.watch('roleClaim');
  const createAccountsOptions = CREATE_ACCOUNTS_LABELS.map(({ value, label }) => ({
    value,
    label: t(label),
  }));

  function submit(body: TSsoProviderFormRequest) {
    onSave(body, {
      onSuccess: onSaved,
      onError: (error) => {
        if (handleSessionEnded(error)) return;
        showFailure(
          formFailure(error, {
            fieldNames: FIELD_NAMES,
            title: provider ? t('ssoForm.saveError') : t('ssoForm.createError'),
            fallback: feedbackT('feedback.tryAgain'),
            messageFields: [{ message: SSO_MESSAGES.providerExists, field: 'id' }],
          }),
        );
      },
    });
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-6">
        <FormSection title={t('ssoForm.sectionProvider')}>
          <FormTextField
            control={control}
            name="label"
            label={t('ssoForm.label')}
            maxLength={SSO_LIMITS.labelMax}
            disabled={isPending}
          />
          <FormTextField
            control={control}
            name="id"
            label={t('ssoForm.id')}
            maxLength={SSO_LIMITS.idMax}
            autoComplete="off"
            // The ID is in the redirect URI registered at the provider: it never changes.
            readOnly={provider !== undefined}
            className={provider ? 'bg-muted' : undefined}
            disabled={isPending}
          />
          <FormTextField
            control={control}
            name="issuer"
            label={t('ssoForm.issuer')}
            type="url"
            placeholder={EXAMPLES.issuer}
            disabled={isPending}
          />
          <FormTextField
            control={control}
            name="clientId"
            label={t('ssoForm.clientId')}
            autoComplete="off"
            disabled={isPending}
          />
          <FormTextField
            control={control}
            name="clientSecret"
            label={provider?.hasClientSecret ? t('ssoForm.clientSecret') : t('ssoForm.clientSecretOptional')}
            type="password"
            autoComplete="new-password"
            placeholder={provider?.hasClientSecret ? t('ssoForm.secretSaved') : undefined}
            disabled={isPending}
          />
          <FormField
            control={control}
            name="enabled"
            render={({ field }) => (
              <FormItem className="flex flex-row items-center gap-3 sm:col-span-2">
                <FormControl>
                  <Switch
                    ref={field.ref}
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                    disabled={isPending}
                  />
                </FormControl>
                <FormLabel className="min-w-0 font-normal">{t('ssoForm.enabled')}</FormLabel>
              </FormItem>
            )}
          />
          {provider && <TestDiscovery providerId={provider.id} isDisabled={isPending} />}
        </FormSection>
        <FormSection title={t('ssoForm.sectionAccounts')}>
          <FormTextField
            control={control}
            name="domains"
            label={t('ssoForm.domains')}
            placeholder={EXAMPLES.domains}
            disabled={isPending}
          />
          <FormSelectField
            control={control}
            name="createAccounts"
            label={t('ssoForm.createAccounts')}
            options={createAccountsOptions}
            isDisabled={isPending}
          />
          <div className="sm:col-span-2">
            <FormTextField
              control={control}
              name="roleClaim"
              label={t('ssoForm.roleClaim')}
              placeholder={EXAMPLES.claim}
              autoComplete="off"
              disabled={isPending}
            />
          </div>
          {roleClaim.trim() !== '' && (
            <>
              <FormTextareaField
                control={control}
                name="adminValues"
                label={t('ssoForm.adminValues')}
                rows={2}
                disabled={isPending}
              >
                <FormDescription>{t('ssoForm.valuesHint')}</FormDescription>
              </FormTextareaField>
              <FormTextareaField
                control={control}
                name="agentValues"
                label={t('ssoForm.agentValues')}
                rows={2}
                disabled={isPending}
              >
                <FormDescription>{t('ssoForm.valuesHint')}</FormDescription>
              </FormTextareaField>
            </>
          )}
        </FormSection>
        <FormDialogFooter
          labels={{
            create: t('ssoForm.create'),
            creating: t('ssoForm.creating'),
            saving: t('ssoForm.saving'),
          }}
          isEditing={provider !== undefined}
          isPending={isPending}
          onCancel={onCancel}
        />
      </form>
    </Form>
  );
}
