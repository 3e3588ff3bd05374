import {
  ADMIN_API_PATHS,
  SSO_PATHS,
  type TSsoProvider,
  type TSsoProviderTestResult,
} from '@helpdesk/contracts';
import { apiRequest, toast } from '@helpdesk/shared-ui';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useSsoT } from './messages.ts';
import type { TSsoProviderFormRequest } from './sso-provider-form.ts';

/** GET /api/admin/sso-providers: the default query function fetches it from the key. */
export const SSO_PROVIDERS_KEY = [SSO_PATHS.adminProviders] as const;

const providerPath = (id: string) => SSO_PATHS.adminProvider.replace(':id', encodeURIComponent(id));

// Every change is audited; the sign-in page's buttons come from the same records.
function refreshProviders(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: SSO_PROVIDERS_KEY }),
    queryClient.invalidateQueries({ queryKey: [SSO_PATHS.providers] }),
    queryClient.invalidateQueries({ queryKey: [ADMIN_API_PATHS.adminAuditLogs] }),
  ]);
}

/** POST, or PATCH when `providerId` is given; the dialog shows a failure itself. */
export function useSaveSsoProvider(providerId?: string) {
  const queryClient = useQueryClient();
  const t = useSsoT();
  return useMutation({
    mutationFn: (body: TSsoProviderFormRequest) =>
      providerId
        ? apiRequest<{ provider: TSsoProvider }>('PATCH', providerPath(providerId), body)
        : apiRequest<{ provider: TSsoProvider }>('POST', SSO_PATHS.adminProviders, body),
    onSuccess: ({ provider }) => {
      toast({
        title: providerId ? t('sso.saved') : t('sso.created'),
        description: t('sso.savedText', { label: provider.label }),
      });
      return refreshProviders(queryClient);
    },
  });
}

/** DELETE /api/admin/sso-providers/{id}; a refusal stays in the dialog. */
export function useDeleteSsoProvider(provider: TSsoProvider) {
  const queryClient = useQueryClient();
  const t = useSsoT();
  return useMutation({
    mutationFn: () => apiRequest<unknown>('DELETE', providerPath(provider.id)),
    onSuccess: () => toast({ title: t('sso.deleted') }),
    onSettled: () => refreshProviders(queryClient),
  });
}

/** POST /api/admin/sso-providers/{id}/test: whether the saved issuer's discovery document can be read. */
export function useTestSsoProvider(providerId: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<TSsoProviderTestResult>('POST', SSO_PATHS.adminProviderTest.replace(':id', providerId), {}),
  });
}
