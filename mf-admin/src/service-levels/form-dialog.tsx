import { Button, Spinner } from '@helpdesk/shared-ui';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@helpdesk/shared-ui/dialog';
import type { ReactNode } from 'react';
import { useServiceLevelsT } from './messages.ts';

export type TSaveHandlers = { onSuccess: () => void; onError: (error: unknown) => void };

/** The props of an item's create/edit dialog: the item to edit, absent to create one. */
export type TItemDialogProps<TItemKey extends string, TItem> = { [key in TItemKey]?: TItem } & {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

/** What a form inside FormDialog gets: whether the save runs, the save itself, and how to close. */
export type TFormProps<TBody> = {
  isPending: boolean;
  onSave: (body: TBody, handlers: TSaveHandlers) => void;
  onCancel: () => void;
  onSaved: () => void;
};

/**
 * The dialog around a create/edit form. Closing mid-request would hide whether the change was saved,
 * so it stays open until the server answers. Radix mounts the content only while open, so every
 * opening starts the form from its item's values.
 */
export function FormDialog<TBody>({
  title,
  description,
  isOpen,
  mutation,
  onOpenChange,
  className,
  testId,
  children,
}: {
  title: string;
  description: string;
  isOpen: boolean;
  /** The save: a react-query mutation taking the request body. */
  mutation: { isPending: boolean; mutate: (body: TBody, handlers: TSaveHandlers) => void };
  onOpenChange: (isOpen: boolean) => void;
  className?: string;
  testId: string;
  children: (form: TFormProps<TBody>) => ReactNode;
}) {
  const isPending = mutation.isPending;
  const close = () => onOpenChange(false);
  return (
    <Dialog open={isOpen} onOpenChange={(next) => (!next && isPending ? undefined : onOpenChange(next))}>
      <DialogContent className={className} data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children({
          isPending,
          onSave: (body, handlers) => mutation.mutate(body, handlers),
          onCancel: close,
          onSaved: close,
        })}
      </DialogContent>
    </Dialog>
  );
}

/** Cancel and the submit button, which names what it does ("Create Calendar", "Save Changes"). */
export function FormDialogFooter({
  labels,
  isEditing,
  isPending,
  onCancel,
}: {
  /** The item's own words: the create button ("Create Calendar") and the spinner's ("Saving the calendar"). */
  labels: { create: string; creating: string; saving: string };
  isEditing: boolean;
  isPending: boolean;
  onCancel: () => void;
}) {
  const t = useServiceLevelsT();
  const idleText = isEditing ? t('serviceLevels.saveChanges') : labels.create;
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel} disabled={isPending}>
        {t('serviceLevels.cancel')}
      </Button>
      <Button type="submit" disabled={isPending}>
        {isPending && <Spinner aria-label={isEditing ? labels.saving : labels.creating} />}
        {isPending ? (isEditing ? t('serviceLevels.saving') : t('serviceLevels.creating')) : idleText}
      </Button>
    </DialogFooter>
  );
}

/** A titled group of a form's fields, two columns from tablet width. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
      <legend className="mb-2 font-medium text-sm">{title}</legend>
      {children}
    </fieldset>
  );
}
