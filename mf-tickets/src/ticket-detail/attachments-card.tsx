import { attachmentDownloadPath, type TAttachment } from '@helpdesk/contracts';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  formatFileSizeKb,
  formatListDate,
  fullName,
  handleSessionEnded,
  Spinner,
  toast,
} from '@helpdesk/shared-ui';
import { Download, Paperclip, Plus } from 'lucide-react';
import { useRef } from 'react';
import { attachmentFileError, uploadFailureMessage } from '../attachments/attachment-files.ts';
import { useAttachmentsT } from '../attachments/messages.ts';
import { useTicketDetailT } from './messages.ts';
import { useUploadAttachment } from './use-ticket-detail.ts';

function AddAttachmentButton({ ticketId }: { ticketId: string }) {
  const t = useTicketDetailT();
  const attachmentsT = useAttachmentsT();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadAttachment(ticketId);

  function choose(file: File | undefined) {
    if (!file) return;
    const error = attachmentFileError(file, attachmentsT);
    if (error) {
      toast({ title: t('ticketDetail.fileNotAttached'), description: error, variant: 'destructive' });
      return;
    }
    upload.mutate(file, {
      onSuccess: (attachment) =>
        toast({
          title: t('ticketDetail.attachmentAdded'),
          description: t('ticketDetail.attachedText', { name: attachment.fileName }),
        }),
      onError: (uploadError) => {
        // A lost session signs in again; other refusals (type, size) carry the server's reason.
        if (handleSessionEnded(uploadError)) return;
        toast({
          title: t('ticketDetail.fileNotAttached'),
          description: t('ticketDetail.uploadFailed', {
            name: file.name,
            reason: uploadFailureMessage(uploadError, attachmentsT),
          }),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => inputRef.current?.click()}
        disabled={upload.isPending}
        data-testid="add-attachment"
      >
        {upload.isPending ? (
          <Spinner aria-label={t('ticketDetail.uploading')} />
        ) : (
          <Plus className="size-4" aria-hidden />
        )}
        {upload.isPending ? t('ticketDetail.uploadingButton') : t('ticketDetail.addAttachment')}
      </Button>
      <span className="text-xs text-muted-foreground">{attachmentsT('attachments.maxSize')}</span>
      <input
        ref={inputRef}
        type="file"
        hidden
        data-testid="add-attachment-input"
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </div>
  );
}

type TProps = { ticketId: string; attachments: readonly TAttachment[]; canUpload: boolean };

/**
 * The ticket's files. The list shows only when there are files; the requester and
 * staff also get the upload control, so the card is there for them even before the first file.
 */
export function AttachmentsCard({ ticketId, attachments, canUpload }: TProps) {
  const t = useTicketDetailT();
  if (attachments.length === 0 && !canUpload) return null;
  return (
    <Card data-testid="ticket-attachments">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Paperclip className="size-4" aria-hidden />
          {attachments.length > 0
            ? t('ticketDetail.attachmentsCount', { count: attachments.length })
            : t('ticketDetail.attachments')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {attachments.length > 0 && (
          <ul className="grid gap-2">
            {attachments.map((attachment) => (
              <li
                key={attachment.id}
                className="rounded-md border p-2.5 text-sm"
                data-testid="ticket-attachment"
              >
                <a
                  href={attachmentDownloadPath(ticketId, attachment.id)}
                  download={attachment.fileName}
                  className="flex items-center gap-2 font-medium text-primary hover:underline"
                >
                  <Download className="size-4 shrink-0" aria-hidden />
                  <span className="min-w-0 break-all">{attachment.fileName}</span>
                </a>
                <div className="mt-1 text-xs text-muted-foreground">
                  {formatFileSizeKb(attachment.fileSize)} · {fullName(attachment.uploadedBy)} ·{' '}
                  {formatListDate(attachment.createdAt)}
                </div>
              </li>
            ))}
          </ul>
        )}
        {canUpload && <AddAttachmentButton ticketId={ticketId} />}
      </CardContent>
    </Card>
  );
}
