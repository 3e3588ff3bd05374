import { API_PATHS, ZKbImage, ZKbImageIdParams } from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { contentDisposition } from '../attachments/service.ts';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import { openKbImage, uploadKbImage } from './service.ts';

const tags = ['knowledge base'];

/** Article images: staff upload one (multipart, 10 MB); readers get it with the articles that show it. */
export function createKbImageRoutes({ config, log, session }: RouteDeps) {
  return new Elysia({ name: 'kb-image-routes' })
    .use(session)
    .post(
      API_PATHS.kbImages,
      async ({ user, request, set }) => {
        const image = await uploadKbImage(user, request, { attachmentsDir: config.attachmentsDir });
        set.status = 201;
        return image;
      },
      {
        auth: 'staff',
        response: { 201: responseShape(ZKbImage) },
        detail: {
          tags,
          summary:
            "Upload an article image (multipart/form-data, one 'file' field: PNG, JPEG, GIF or WebP, at most 10 MB)",
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
      `${API_PATHS.kbImages}/:id`,
      async ({ user, params }) => {
        const image = await openKbImage(user, params.id, config.attachmentsDir, log);
        // Shown inline in an article, yet never a document: the sniffed image type, no sniffing by the
        // browser, and a sandbox without any source should it ever be opened as a page.
        return new Response(image.file.stream(), {
          headers: {
            'content-type': image.fileType,
            'content-length': String(image.file.size),
            'content-disposition': contentDisposition(image.fileName, 'inline'),
            'content-security-policy': "sandbox; default-src 'none'",
            'x-content-type-options': 'nosniff',
            'cache-control': 'private, max-age=3600',
          },
        });
      },
      {
        auth: 'signed-in',
        params: ZKbImageIdParams,
        detail: { tags, summary: 'An article image: staff any, others those of articles they may read' },
      },
    );
}
