import { API_PATHS, ZAttachment, ZAttachmentIdParams, ZTicketIdParams } from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import { contentDisposition, openAttachment, uploadAttachment } from './service.ts';

const tags = ['attachments'];

/** Text types are stored as UTF-8 (the upload checks it), so say so. */
const withCharset = (type: string) => (type.startsWith('text/') ? `${type}; charset=utf-8` : type);

/** Attachments: upload to a ticket (multipart, 10 MB) and download with the ticket's own permission. */
export function createAttachmentRoutes({ config, log, session }: RouteDeps) {
  return new Elysia({ name: 'attachment-routes' })
    .use(session)
    .post(
      `${API_PATHS.tickets}/:id/attachments`,
      async ({ user, params, request, set }) => {
        const attachment = await uploadAttachment(user, params.id, request, {
          attachmentsDir: config.attachmentsDir,
        });
        set.status = 201;
        return attachment;
      },
      {
        auth: 'signed-in',
        params: ZTicketIdParams,
        response: { 201: responseShape(ZAttachment) },
        detail: {
          tags,
          summary: "Attach a file (multipart/form-data, one 'file' field, at most 10 MB)",
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['file'],
                  properties: { file: { type: 'string', format: 'binary' } },
                },
              },
            },
          },
        },
      },
    )
    .get(
      `${API_PATHS.tickets}/:id/attachments/:attachmentId`,
      async ({ user, params }) => {
        const download = await openAttachment(
          user,
          params.id,
          params.attachmentId,
          config.attachmentsDir,
          log,
        );
        return new Response(download.file.stream(), {
          headers: {
            'content-type': withCharset(download.fileType),
            'content-length': String(download.file.size),
            'content-disposition': contentDisposition(download.fileName),
            'content-security-policy': "sandbox; default-src 'none'",
            'x-content-type-options': 'nosniff',
            'cache-control': 'private, no-store',
          },
        });
      },
      {
        auth: 'signed-in',
        params: ZAttachmentIdParams,
        detail: { tags, summary: 'Download an attachment (always as a download, never rendered)' },
      },
    );
}
