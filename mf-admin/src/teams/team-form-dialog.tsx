import '../zod-config.ts';
import { TEAM_LIMITS, TEAM_MESSAGES, type TTeam, ZCreateTeamRequest } from '@helpdesk/contracts';
import { Button, handleSessionEnded, Spinner } from '@helpdesk/shared-ui';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@helpdesk/shared-ui/dialog';
import { Form } from '@helpdesk/shared-ui/form';
import { FormTextareaField, FormTextField } from '@helpdesk/shared-ui/form-text-field';
import type { z } from 'zod';
import { formFailure } from '../feedback/mutation-failure.ts';
import { useAdminForm } from '../feedback/use-admin-form.ts';
import { useTeamsT } from './messages.ts';
import { useCreateTeam, useUpdateTeam } from './use-team-mutations.ts';

type TTeamFormInput = z.input<typeof ZCreateTeamRequest>;
type TTeamFormOutput = z.output<typeof ZCreateTeamRequest>;
const FIELD_NAMES = ['name', 'description'] as const;

type TTeamFormDialogProps = {
  /** The team to rename; absent, the dialog creates a new team. */
  team?: TTeam;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

function initialValues(team?: TTeam): TTeamFormInput {
  return { name: team?.name ?? '', description: team?.description ?? '' };
}

/** Create Team, and Edit team for an existing one: name (required) and description. */
export function TeamFormDialog({ team, isOpen, onOpenChange }: TTeamFormDialogProps) {
  const t = useTeamsT();
  const create = useCreateTeam();
  const update = useUpdateTeam(team?.id ?? '');
  const isPending = create.isPending || update.isPending;

  function handleOpenChange(next: boolean) {
    // Closing mid-request would hide whether the team was saved; Cancel waits for the answer.
    if (!next && isPending) return;
    onOpenChange(next);
  }

  function save(body: TTeamFormOutput, handlers: TSaveHandlers) {
    if (team) update.mutate(body, handlers);
    else create.mutate(body, handlers);
  }

  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogContent data-testid="team-form-dialog">
        <DialogHeader>
          <DialogTitle>{team ? t('teams.editTitle') : t('teams.create')}</DialogTitle>
          <DialogDescription>
            {team ? t('teams.editDescription') : t('teams.createDescription')}
          </DialogDescription>
        </DialogHeader>
        {/* Radix mounts the content only while open, so every opening starts from the team's values. */}
        <TeamForm
          team={team}
          isPending={isPending}
          onSave={save}
          onCancel={() => handleOpenChange(false)}
          onSaved={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

type TSaveHandlers = { onSuccess: () => void; onError: (error: unknown) => void };

function TeamForm({
  team,
  isPending,
  onSave,
  onCancel,
  onSaved,
}: {
  team?: TTeam;
  isPending: boolean;
  onSave: (body: TTeamFormOutput, handlers: TSaveHandlers) => void;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const t = useTeamsT();
  const { form, showFailure } = useAdminForm(ZCreateTeamRequest, initialValues(team), isPending);

  function submit(values: TTeamFormOutput) {
    // An emptied description clears it rather than storing blank text.
    onSave(
      { name: values.name, description: values.description || null },
      {
        onSuccess: onSaved,
        onError: (error) => {
          if (handleSessionEnded(error)) return;
          showFailure(
            formFailure(error, {
              fieldNames: FIELD_NAMES,
              title: team ? t('teams.updateFailedTitle') : t('teams.createFailedTitle'),
              messageFields: [{ message: TEAM_MESSAGES.nameExists, field: 'name' }],
            }),
          );
        },
      },
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4">
        <FormTextField
          control={form.control}
          name="name"
          label={t('teams.nameLabel')}
          placeholder={t('teams.namePlaceholder')}
          maxLength={TEAM_LIMITS.nameMax}
          disabled={isPending}
        />
        <FormTextareaField
          control={form.control}
          name="description"
          label={t('teams.descriptionLabel')}
          rows={3}
          placeholder={t('teams.descriptionPlaceholder')}
          maxLength={TEAM_LIMITS.descriptionMax}
          disabled={isPending}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel} disabled={isPending}>
            {t('teams.cancel')}
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending && <Spinner aria-label={team ? t('teams.savingTeam') : t('teams.creatingTeam')} />}
            {team
              ? isPending
                ? t('teams.saving')
                : t('teams.saveChanges')
              : isPending
                ? t('teams.creating')
                : t('teams.create')}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
