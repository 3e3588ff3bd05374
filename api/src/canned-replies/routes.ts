import {
  CANNED_REPLY_PATHS,
  ZCannedReply,
  ZCannedReplyIdParams,
  ZCannedReplyListResponse,
  ZCreateCannedReplyRequest,
  ZUpdateCannedReplyRequest,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import { createCannedReply, deleteCannedReply, listCannedReplies, updateCannedReply } from './service.ts';

const tags = ['canned replies'];
const ONE_REPLY = `${CANNED_REPLY_PATHS.list}/:replyId`;

/** Agents' and admins' canned replies: their personal ones and the shared ones. */
export function createCannedReplyRoutes({ session }: RouteDeps) {
  return new Elysia({ name: 'canned-reply-routes' })
    .use(session)
    .get(CANNED_REPLY_PATHS.list, ({ user }) => listCannedReplies(user), {
      auth: 'staff',
      response: responseShape(ZCannedReplyListResponse),
      detail: { tags, summary: "The caller's personal canned replies and the shared ones, by title" },
    })
    .post(
      CANNED_REPLY_PATHS.list,
      async ({ user, body, set }) => {
        const reply = await createCannedReply(user, body);
        set.status = 201;
        return reply;
      },
      {
        auth: 'staff',
        body: ZCreateCannedReplyRequest,
        response: { 201: responseShape(ZCannedReply) },
        detail: { tags, summary: 'Add a personal or shared canned reply (placeholders checked, capped)' },
      },
    )
    .patch(ONE_REPLY, ({ user, params, body }) => updateCannedReply(user, params.replyId, body), {
      auth: 'staff',
      params: ZCannedReplyIdParams,
      body: ZUpdateCannedReplyRequest,
      response: responseShape(ZCannedReply),
      detail: {
        tags,
        summary: "Change a canned reply: one's own, or a shared one one wrote (admins: any shared)",
      },
    })
    .delete(
      ONE_REPLY,
      async ({ user, params, set }) => {
        await deleteCannedReply(user, params.replyId);
        set.status = 204;
      },
      {
        auth: 'staff',
        params: ZCannedReplyIdParams,
        detail: { tags, summary: 'Delete a canned reply one may change' },
      },
    );
}
