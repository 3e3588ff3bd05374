import type { TSsoProvider } from '@helpdesk/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@helpdesk/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../feedback/confirm-delete-dialog.tsx';
import { LoadErrorAlert } from '../feedback/load-error-alert.tsx';
import { useSsoT } from './messages.ts';
import { createAccountsLabel } from './sso-labels.ts';
import { SsoProviderFormDialog } from './sso-provider-form-dialog.tsx';
import { SSO_PROVIDERS_KEY, useDeleteSsoProvider } from './use-sso-provider-mutations.ts';

function DeleteProviderDialog({ provider, onClose }: { provider: TSsoProvider; onClose: () => void }) {
  const remove = useDeleteSsoProvider(provider);
  const t = useSsoT();
  const texts = {
    title: t('sso.deleteTitle'),
    text: t('sso.deleteText', { label: provider.label }),
    cancel: t('sso.cancel'),
    confirm: t('sso.deleteConfirm'),
    deleting: t('sso.deleting'),
    deletingLabel: t('sso.deletingLabel'),
  };
  return <ConfirmDeleteDialog remove={remove} texts={texts} onClose={onClose} />;
}

function ProviderTable({
  providers,
  onEdit,
  onDelete,
}: {
  providers: TSsoProvider[];
  onEdit: (provider: TSsoProvider) => void;
  onDelete: (provider: TSsoProvider) => void;
}) {
  const t = useSsoT();
  if (providers.length === 0) {
    return (
      <p className="rounded-md border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
        {t('sso.empty')}
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="pl-4">{t('sso.columnProvider')}</TableHead>
            <TableHead className="hidden md:table-cell">{t('sso.columnAccounts')}</TableHead>
            <TableHead className="pr-4 text-right">
              <span className="sr-only">{t('sso.columnActions')}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {providers.map((provider) => (
            <TableRow key={provider.id} data-testid="sso-provider-row">
              <TableCell className="max-w-56 pl-4 sm:max-w-96">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="truncate font-medium" title={provider.label}>
                    {provider.label}
                  </span>
                  <Badge variant={provider.enabled ? 'success' : 'secondary'}>
                    {provider.enabled ? t('sso.enabled') : t('sso.disabled')}
                  </Badge>
                </div>
                <div className="truncate text-muted-foreground text-xs" title={provider.issuer}>
                  {provider.issuer}
                </div>
                <div className="whitespace-normal break-all text-muted-foreground text-xs">
                  {t('sso.redirectUri', { uri: provider.redirectUri })}
                </div>
              </TableCell>
              <TableCell className="hidden text-sm md:table-cell">
                {t(createAccountsLabel(provider.createAccounts))}
              </TableCell>
              <TableCell className="pr-4 text-right">
                <div className="flex flex-wrap justify-end gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => onEdit(provider)}
                    aria-label={t('sso.editNamed', { label: provider.label })}
                  >
                    {t('sso.edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onDelete(provider)}
                    aria-label={t('sso.deleteNamed', { label: provider.label })}
                  >
                    {t('sso.delete')}
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** Users' "Single sign-on" tab: the OpenID Connect providers, with Add / Edit / Delete. */
export function SsoProvidersTab() {
  const query = useQuery<{ providers: TSsoProvider[] }>({ queryKey: SSO_PROVIDERS_KEY });
  const [editing, setEditing] = useState<TSsoProvider | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TSsoProvider | null>(null);
  const t = useSsoT();
  return (
    <Card data-testid="sso-providers">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <CardTitle>{t('sso.title')}</CardTitle>
          <CardDescription>{t('sso.description')}</CardDescription>
        </div>
        <Button onClick={() => setEditing('new')}>{t('sso.add')}</Button>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div role="status" aria-label={t('sso.loading')} className="flex flex-col gap-2">
            <Skeleton className="h-10 w-full" />
          </div>
        ) : query.isError ? (
          <LoadErrorAlert title={t('sso.loadTitle')} message={t('sso.loadText')} query={query} />
        ) : (
          <ProviderTable providers={query.data.providers} onEdit={setEditing} onDelete={setDeleting} />
        )}
      </CardContent>
      <SsoProviderFormDialog
        key={editing === 'new' ? 'new' : (editing?.id ?? 'closed')}
        provider={editing === 'new' || editing === null ? undefined : editing}
        isOpen={editing !== null}
        onOpenChange={(isOpen) => !isOpen && setEditing(null)}
      />
      {deleting && <DeleteProviderDialog provider={deleting} onClose={() => setDeleting(null)} />}
    </Card>
  );
}
