import {
  type TCreateTicketDialogProps,
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  ZCreateTicketRequest,
} from '@helpdesk/contracts';
import {
  Button,
  handleSessionEnded,
  Label,
  Spinner,
  toast,
  useLocalizeText,
  withLocalizedLabels,
} from '@helpdesk/shared-ui';
import { Checkbox } from '@helpdesk/shared-ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@helpdesk/shared-ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel } from '@helpdesk/shared-ui/form';
import { FormSelectField } from '@helpdesk/shared-ui/form-select-field';
import { FormTextareaField, FormTextField } from '@helpdesk/shared-ui/form-text-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ArticleSuggestionsBox } from './article-suggestions-box.tsx';
import { AttachmentDropArea } from './attachment-drop-area.tsx';
import {
  attachmentFailureToast,
  CREATE_TICKET_DEFAULTS,
  canChooseRequester,
  createTicketBody,
  createTicketFailure,
  type TCreateTicketFormInput,
  type TCreateTicketFormOutput,
} from './create-ticket-form.ts';
import { useCreateTicketT } from './messages.ts';
import { useCreateTicket } from './use-create-ticket.ts';
import { useDeflection } from './use-deflection.ts';

type TChosenFiles = { files: File[]; errors: string[] };
const NO_FILES: TChosenFiles = { files: [], errors: [] };
const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((priority) => ({
  value: priority,
  label: TICKET_PRIORITY_LABELS[priority],
}));
const CATEGORY_OPTIONS = TICKET_CATEGORIES.map((category) => ({
  value: category,
  label: TICKET_CATEGORY_LABELS[category],
}));

/**
 * The Create Ticket dialog (docs/architecture.md#a-write-creating-a-ticket), opened by the shell's header button and the
 * ticket list. Field errors show under their fields and clear as soon as the field is edited.
 */
export function CreateTicketDialog({ currentUser, isOpen, onOpenChange }: TCreateTicketDialogProps) {
  const t = useCreateTicketT();
  const localize = useLocalizeText();
  const navigate = useNavigate();
  const hasRequesterField = canChooseRequester(currentUser.role);
  const [chosen, setChosen] = useState<TChosenFiles>(NO_FILES);
  const form = useForm<TCreateTicketFormInput, unknown, TCreateTicketFormOutput>({
    resolver: zodResolver(ZCreateTicketRequest),
    defaultValues: CREATE_TICKET_DEFAULTS,
    // Errors come back only on the next submit: editing a field just clears its message.
    reValidateMode: 'onSubmit',
  });
  const create = useCreateTicket();
  const deflection = useDeflection();

  useEffect(() => {
    const subscription = form.watch((_values, { name, type }) => {
      if (type === 'change' && name) form.clearErrors(name);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  function resetAll() {
    form.reset(CREATE_TICKET_DEFAULTS);
    setChosen(NO_FILES);
    create.resetAttempt();
    create.reset();
  }

  function handleOpenChange(next: boolean) {
    // Closing mid-request would hide where the new ticket went; Cancel waits for the answer.
    if (!next && create.isPending) return;
    if (!next) {
      deflection.reportAbandoned();
      resetAll();
    }
    onOpenChange(next);
  }

  function submit(values: TCreateTicketFormOutput) {
    create.mutate(
      { body: createTicketBody(values, currentUser.role), files: chosen.files },
      {
        onSuccess: ({ ticket, uploadFailures }) => {
          toast(
            uploadFailures.length === 0
              ? { title: t('createTicket.success'), description: t('createTicket.created') }
              : attachmentFailureToast(ticket.ticketNumber, uploadFailures, t),
          );
          deflection.forget();
          resetAll();
          onOpenChange(false);
          void navigate({ to: '/tickets/$ticketId', params: { ticketId: ticket.id } });
        },
        onError: (error) => {
          if (handleSessionEnded(error)) return;
          const failure = createTicketFailure(error, t);
          if (failure.kind === 'fields') {
            for (const [name, message] of failure.fields) {
              form.setError(name, { type: 'server', message }, { shouldFocus: true });
            }
          } else toast({ title: failure.title, description: failure.description, variant: 'destructive' });
        },
      },
    );
  }

  const isPending = create.isPending;

  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogContent className="sm:max-w-xl" data-testid="create-ticket-dialog">
        <DialogHeader>
          <DialogTitle>{t('createTicket.title')}</DialogTitle>
          <DialogDescription>{t('createTicket.description')}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormSelectField
                control={form.control}
                name="priority"
                label={t('createTicket.priority')}
                options={withLocalizedLabels(PRIORITY_OPTIONS, localize)}
                isDisabled={isPending}
              />
              <FormSelectField
                control={form.control}
                name="category"
                label={t('createTicket.category')}
                options={withLocalizedLabels(CATEGORY_OPTIONS, localize)}
                isDisabled={isPending}
              />
            </div>
            {hasRequesterField && (
              <FormTextField
                control={form.control}
                name="requesterEmail"
                label={t('createTicket.requesterEmail')}
                type="email"
                autoComplete="off"
                placeholder={t('createTicket.requesterEmailPlaceholder')}
                disabled={isPending}
              />
            )}
            <FormTextField
              control={form.control}
              name="title"
              label={t('createTicket.subject')}
              placeholder={t('createTicket.subjectPlaceholder')}
              disabled={isPending}
            />
            <ArticleSuggestionsBox control={form.control} onOpenArticle={deflection.noteOpened} />
            <FormTextareaField
              control={form.control}
              name="description"
              label={t('createTicket.descriptionLabel')}
              rows={5}
              className="max-h-64 min-h-28"
              placeholder={t('createTicket.descriptionPlaceholder')}
              disabled={isPending}
            />
            <div className="grid gap-2">
              <Label asChild>
                <span>{t('createTicket.attachments')}</span>
              </Label>
              <AttachmentDropArea
                files={chosen.files}
                errors={chosen.errors}
                onChange={setChosen}
                isDisabled={isPending}
              />
            </div>
            <FormField
              control={form.control}
              name="notifyRequester"
              render={({ field }) => (
                <FormItem className="flex items-center gap-2">
                  <FormControl>
                    <Checkbox
                      checked={field.value ?? true}
                      onCheckedChange={(checked) => field.onChange(checked === true)}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      disabled={isPending}
                    />
                  </FormControl>
                  <FormLabel className="font-normal">{t('createTicket.notify')}</FormLabel>
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                onClick={() => handleOpenChange(false)}
                disabled={isPending}
              >
                {t('createTicket.cancel')}
              </Button>
              <Button type="submit" disabled={isPending}>
                {isPending && <Spinner aria-label={t('createTicket.creating')} />}
                {isPending ? t('createTicket.creatingButton') : t('createTicket.create')}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
