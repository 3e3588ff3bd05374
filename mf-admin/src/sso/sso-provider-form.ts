import '../zod-config.ts';
import {
  SSO_CREATE_ACCOUNTS,
  type TSsoProvider,
  ZSsoProviderCreate,
  ZSsoProviderUpdate,
} from '@helpdesk/contracts';
import { z } from 'zod';
import { ownMessageText } from '../feedback/form-messages.ts';
import { ssoEnglish, type TSsoT } from './messages.ts';

// The form's own checks of the required texts: the contract's messages for these are built around the
// field's English name, so the form says them itself, in the reader's language.
const OWN_MESSAGES = ['ssoForm.labelRequired', 'ssoForm.clientIdRequired'] as const;

/** The form's own check messages in `t`'s language, for useAdminForm. */
export const ssoMessageText = (t: TSsoT) => ownMessageText(OWN_MESSAGES, ssoEnglish, t);

const required = (id: (typeof OWN_MESSAGES)[number]) =>
  z.string().refine((text) => text.trim() !== '', ssoEnglish(id));

/** Domains or claim values as typed: separated by commas or lines (values may hold spaces). */
export const listOf = (text: string) =>
  text
    .split(/[,;\n]+/)
    .map((item) => item.trim())
    .filter((item) => item !== '');

/**
 * The provider form: text and choices under the API's field names, so the contract's messages (and the
 * server's) land under the right inputs. The secret starts empty: on an edit, empty keeps the stored one.
 */
const ZSsoProviderForm = z.object({
  id: z.string(),
  label: required('ssoForm.labelRequired'),
  issuer: z.string(),
  clientId: required('ssoForm.clientIdRequired'),
  clientSecret: z.string(),
  domains: z.string(),
  enabled: z.boolean(),
  createAccounts: z.enum(SSO_CREATE_ACCOUNTS),
  roleClaim: z.string(),
  adminValues: z.string(),
  agentValues: z.string(),
});
export type TSsoProviderFormValues = z.input<typeof ZSsoProviderForm>;
type TValues = z.output<typeof ZSsoProviderForm>;

function settingsOf(values: TValues) {
  const roleClaim = values.roleClaim.trim();
  return {
    label: values.label,
    issuer: values.issuer.trim(),
    clientId: values.clientId,
    domains: listOf(values.domains),
    enabled: values.enabled,
    createAccounts: values.createAccounts,
    roleClaim: roleClaim === '' ? null : roleClaim,
    adminValues: roleClaim === '' ? [] : listOf(values.adminValues),
    agentValues: roleClaim === '' ? [] : listOf(values.agentValues),
  };
}

/** A new provider's body: no secret typed means a public client. */
export const ZSsoProviderCreateForm = ZSsoProviderForm.transform(
  (values): z.input<typeof ZSsoProviderCreate> => ({
    id: values.id.trim(),
    ...settingsOf(values),
    clientSecret: values.clientSecret === '' ? null : values.clientSecret,
  }),
).pipe(ZSsoProviderCreate);

/** An edit's body: the ID cannot change, and an empty secret is left out (keep the stored one). */
export const ZSsoProviderUpdateForm = ZSsoProviderForm.transform(
  (values): z.input<typeof ZSsoProviderUpdate> => ({
    ...settingsOf(values),
    ...(values.clientSecret === '' ? {} : { clientSecret: values.clientSecret }),
  }),
).pipe(ZSsoProviderUpdate);

export type TSsoProviderFormRequest =
  | z.output<typeof ZSsoProviderCreateForm>
  | z.output<typeof ZSsoProviderUpdateForm>;

/** The form's starting values: the provider's own, or a new one that is enabled and creates no account. */
export function ssoProviderFormValues(provider?: TSsoProvider): TSsoProviderFormValues {
  return {
    id: provider?.id ?? '',
    label: provider?.label ?? '',
    issuer: provider?.issuer ?? '',
    clientId: provider?.clientId ?? '',
    clientSecret: '',
    domains: (provider?.domains ?? []).join(', '),
    enabled: provider?.enabled ?? true,
    createAccounts: provider?.createAccounts ?? 'off',
    roleClaim: provider?.roleClaim ?? '',
    adminValues: (provider?.adminValues ?? []).join(', '),
    agentValues: (provider?.agentValues ?? []).join(', '),
  };
}
