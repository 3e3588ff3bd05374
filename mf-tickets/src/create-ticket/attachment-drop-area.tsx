import { Button, cn, formatFileSizeKb } from '@helpdesk/shared-ui';
import { FileIcon, Upload, X } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { addAttachmentFiles } from '../attachments/attachment-files.ts';
import { useAttachmentsT } from '../attachments/messages.ts';
import { useCreateTicketT } from './messages.ts';

type TProps = {
  files: readonly File[];
  errors: readonly string[];
  onChange: (next: { files: File[]; errors: string[] }) => void;
  isDisabled?: boolean;
};

/** The Create Ticket dialog's drop area: drag files in or browse, see them listed, remove any. */
export function AttachmentDropArea({ files, errors, onChange, isDisabled = false }: TProps) {
  const t = useCreateTicketT();
  const attachmentsT = useAttachmentsT();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const hintId = useId();

  function add(incoming: FileList | null) {
    if (!incoming || incoming.length === 0) return;
    onChange(addAttachmentFiles(files, Array.from(incoming), undefined, attachmentsT));
  }

  function handleDragOver(event: DragEvent<HTMLFieldSetElement>) {
    event.preventDefault();
    if (!isDisabled) setIsDragging(true);
  }

  function handleDrop(event: DragEvent<HTMLFieldSetElement>) {
    event.preventDefault();
    setIsDragging(false);
    if (!isDisabled) add(event.dataTransfer.files);
  }

  return (
    <div className="grid gap-2">
      <fieldset
        data-testid="attachment-drop-area"
        data-dragging={isDragging}
        onDragOver={handleDragOver}
        onDragEnter={handleDragOver}
        onDragLeave={() => setIsDragging(false)}
        onDrop={handleDrop}
        className={cn(
          'flex min-w-0 flex-col items-center gap-1 rounded-lg border-2 border-dashed border-input px-4 py-5 text-center transition-colors',
          isDragging && 'border-primary bg-primary/5',
          isDisabled && 'opacity-60',
        )}
      >
        <legend className="sr-only">{t('createTicket.attachments')}</legend>
        <Upload className="size-5 text-muted-foreground" aria-hidden />
        <p className="text-sm">
          {t('createTicket.drop')}{' '}
          <button
            type="button"
            className="font-medium text-primary underline-offset-4 hover:underline disabled:no-underline"
            onClick={() => inputRef.current?.click()}
            disabled={isDisabled}
            aria-describedby={hintId}
          >
            {t('createTicket.browse')}
          </button>
        </p>
        <p id={hintId} className="text-xs text-muted-foreground">
          {attachmentsT('attachments.maxSize')}
        </p>
        <input
          ref={inputRef}
          type="file"
          multiple
          hidden
          data-testid="attachment-input"
          onChange={(event) => {
            add(event.target.files);
            // Lets the same file be chosen again after it was removed.
            event.target.value = '';
          }}
        />
      </fieldset>
      {errors.length > 0 && (
        <ul className="grid gap-1 text-sm text-destructive" data-testid="attachment-errors">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul className="grid gap-1" aria-label={t('createTicket.filesToAttach')}>
          {files.map((file, index) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}`}
              className="flex items-center gap-2 rounded-md border bg-muted/40 px-3 py-1.5 text-sm"
            >
              <FileIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="min-w-0 flex-1 truncate" title={file.name}>
                {file.name}
              </span>
              <span className="shrink-0 text-xs text-muted-foreground">{formatFileSizeKb(file.size)}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label={t('createTicket.remove', { name: file.name })}
                disabled={isDisabled}
                onClick={() => onChange({ files: files.filter((_, i) => i !== index), errors: [...errors] })}
              >
                <X className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
