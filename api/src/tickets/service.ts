import {
  ANONYMOUS_REQUESTER_ID,
  DEFAULT_SETTINGS,
  SETTINGS_MESSAGES,
  type TAddCommentAnswer,
  type TAssignmentOptions,
  TICKET_MESSAGES,
  type TSettingsLanguage,
  type TTicketDetail,
  type TTicketListQuery,
  type TTicketSlaStatus,
  type TUpdateTicketRequest,
  type TUser,
  ZAddCommentAnswer,
  type ZCreateCommentRequest,
  type ZCreateTicketRequest,
  ZTicketDetail,
} from '@helpdesk/contracts';
import type { z } from 'zod';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import type { MailLinks } from '../email/prepare.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { type Answer, runIdempotent } from '../idempotency/service.ts';
import { takeRateCell } from '../limits/queries.ts';
import { keepSlaPolicies, slaPoliciesRead, withTicketPolicy } from '../sla/policy-cache.ts';
import { calendarOf, clockOf, matchPolicy } from '../sla/policy-match.ts';
import { type PolicyRow, selectMatchingPolicy } from '../sla/queries.ts';
import { selectPolicyAndRules } from '../triggers/queries.ts';
import {
  cachedTriggerRules,
  factsAfterTriggers,
  runTriggers,
  triggerRulesOf,
  withTriggerEffects,
} from '../triggers/ticket-writes.ts';
import { keepWebhookState, webhookStateRead } from '../webhooks/enabled-cache.ts';
import { encodeCursor } from './cursor.ts';
import {
  type EffectSettings,
  followUpTitle,
  isRequesterReply,
  newTicketFacts,
  planTicketEffects,
  replyDestination,
  type TicketFacts,
} from './effects.ts';
import { endedHold, newSlaState, recomputedSla, type SlaState, slaStateOf } from './hold.ts';
import {
  commentCell,
  commentRefusal,
  takeComment,
  takeConfirmationMail,
  ticketFilingCell,
  ticketFilingRefusal,
} from './limits.ts';
import { decodePlainCursor } from './list-cursor.ts';
import {
  type NewTicket,
  selectActiveUserIdByEmail,
  selectActiveUserIdById,
  selectAssignmentOptions,
  selectCommentContext,
  selectNewTicketMailContext,
  selectTicketChangeContextForUpdate,
  selectTicketDetailText,
  selectTicketPageText,
  selectTicketSlaTimes,
  selectTicketState,
  type TicketChangeContext,
  type TicketEventData,
  type TicketScope,
  type TicketState,
} from './queries.ts';
import { isPlainList, listBody, listQueue } from './queues.ts';
import { slaStatusOf } from './sla.ts';
import { writeComment, writeNewTicket, writeTicketChange } from './write-statement.ts';

/** A signed-in user as the ticket rules see them. */
export type Viewer = Pick<TUser, 'id' | 'role' | 'email'>;

/** Agents and admins. */
export const isStaff = (viewer: Viewer) => viewer.role === 'admin' || viewer.role === 'agent';

/** Staff see everything; an end user only tickets they requested, never internal notes. */
export function scopeOf(viewer: Viewer): TicketScope {
  return isStaff(viewer)
    ? { requesterId: null, includeInternal: true }
    : { requesterId: viewer.id, includeInternal: false };
}

/** Someone else's ticket answers exactly like a missing one (docs/security.md#object-scope). */
export const ticketNotFound = () => notFound(TICKET_MESSAGES.ticketNotFound);

/** The ticket's state when the viewer may see it; 404 otherwise. */
export async function requireVisibleTicket(db: Db, viewer: Viewer, ticketId: string): Promise<TicketState> {
  const ticket = await selectTicketState(db, ticketId, scopeOf(viewer));
  if (!ticket) throw ticketNotFound();
  return ticket;
}

/**
 * A page of the ticket list, newest first (or a queue); an end user's holds only tickets they
 * requested. TTicketListResponse's JSON text: the rows come rendered by PostgreSQL.
 */
export async function listTickets(viewer: Viewer, query: TTicketListQuery): Promise<string> {
  if (!isPlainList(query)) return listQueue({ id: viewer.id, isStaff: isStaff(viewer) }, query);
  const after = query.cursor === undefined ? null : decodePlainCursor(query.cursor);
  const { tickets, next } = await selectTicketPageText(
    sql,
    {
      requesterId: scopeOf(viewer).requesterId,
      statuses: query.status ?? null,
      priorities: query.priority ?? null,
    },
    { size: query.limit, after },
  );
  return listBody(tickets, next ? encodeCursor({ at: next.cursorAt, id: next.id }) : null);
}

/**
 * One ticket with requester, assignee, team, comments, attachments and timeline, as the viewer
 * may see it: TTicketDetail's JSON text, rendered by PostgreSQL (selectTicketDetailText).
 */
export async function getTicket(viewer: Viewer, ticketId: string): Promise<string> {
  const detail = await selectTicketDetailText(sql, ticketId, scopeOf(viewer));
  if (detail === null) throw ticketNotFound();
  return detail;
}

/** The SLA status of a ticket's response and resolution targets now, with its explanation (rule in sla.ts). */
export async function getTicketSlaStatus(viewer: Viewer, ticketId: string): Promise<TTicketSlaStatus> {
  // The ticket's policy comes from the process's copy of the active ones when there is one: the
  // statement then reads the ticket's row alone.
  const policiesRead = slaPoliciesRead();
  const times = await selectTicketSlaTimes(sql, ticketId, scopeOf(viewer), {
    withPolicy: policiesRead.policies === null,
    withActivePolicies: policiesRead.isWanted,
  });
  if (!times) throw ticketNotFound();
  keepSlaPolicies(policiesRead, times.activePolicies);
  return slaStatusOf(await withTicketPolicy(sql, times, policiesRead.policies), Date.now());
}

/** What the Assignee and Team selects offer: active agents and admins, active teams. */
export function getAssignmentOptions(): Promise<TAssignmentOptions> {
  return selectAssignmentOptions(sql);
}

/** A requester named by id: absent, empty or the spec client's placeholder name nobody (the caller). */
const namedRequesterId = (id: string | undefined) =>
  id === undefined || id === '' || id === ANONYMOUS_REQUESTER_ID ? null : id;

/**
 * The requester of a new ticket (docs/product.md#filing-for-someone-else). An end user is always
 * their own requester: another user's id is refused (403), their own id or email accepted. Staff
 * may name any active user with a confirmed address by id or by email (400 when there is none);
 * both at once must be the same person. Naming nobody means the caller.
 */
async function resolveRequester(
  db: Db,
  viewer: Viewer,
  named: { requesterId?: string | undefined; requesterEmail?: string | undefined },
): Promise<string> {
  const id = namedRequesterId(named.requesterId);
  const email =
    named.requesterEmail === undefined || named.requesterEmail === '' ? null : named.requesterEmail;
  if (!isStaff(viewer)) {
    if (id !== null && id !== viewer.id) throw forbidden(TICKET_MESSAGES.requesterNotAllowed);
    if (email !== null && email.toLowerCase() !== viewer.email.toLowerCase()) {
      throw badRequest(TICKET_MESSAGES.requesterNotAllowed, {
        requesterEmail: TICKET_MESSAGES.requesterNotAllowed,
      });
    }
    return viewer.id;
  }
  const byId = id === null || id === viewer.id ? id : await selectActiveUserIdById(db, id);
  if (id !== null && byId === null) {
    throw badRequest(TICKET_MESSAGES.noActiveUserWithId, { requesterId: TICKET_MESSAGES.noActiveUserWithId });
  }
  const byEmail = email === null ? null : await selectActiveUserIdByEmail(db, email);
  if (email !== null && byEmail === null) {
    throw badRequest(TICKET_MESSAGES.noActiveUserWithEmail, {
      requesterEmail: TICKET_MESSAGES.noActiveUserWithEmail,
    });
  }
  if (byId !== null && byEmail !== null && byId !== byEmail) {
    throw badRequest(TICKET_MESSAGES.requesterMismatch, {
      requesterId: TICKET_MESSAGES.requesterMismatch,
      requesterEmail: TICKET_MESSAGES.requesterMismatch,
    });
  }
  return byId ?? byEmail ?? viewer.id;
}

/** A ticket's state as the effects rules see it; `more` gives what the writer read besides. */
const factsOf = (ticket: TicketState, more: Partial<TicketFacts> = {}): TicketFacts => ({
  id: ticket.id,
  ticketNumber: ticket.ticketNumber,
  title: ticket.title,
  status: ticket.status,
  priority: ticket.priority,
  category: ticket.category,
  requesterId: ticket.requesterId,
  assigneeId: ticket.assigneeId,
  teamId: ticket.teamId,
  notifyRequester: ticket.notifyRequester,
  requesterMail: null,
  assigneeName: null,
  teamName: null,
  resolutions: 0,
  ...more,
});

/** The mail settings as saved, or their defaults while nobody has saved any. */
const mailSettings = (saved: {
  emailNotifications: boolean | null;
  companyName: string | null;
  language: TSettingsLanguage | null;
}): EffectSettings => ({
  emailNotifications: saved.emailNotifications ?? DEFAULT_SETTINGS.emailNotifications,
  companyName: saved.companyName ?? DEFAULT_SETTINGS.companyName,
  language: saved.language ?? DEFAULT_SETTINGS.language,
});

/** A ticket to file once its requester is known. */
type TicketFiling = Omit<NewTicket, 'id' | 'ticketNumber'>;

/**
 * Files a ticket with its SLA deadlines and everything its plan causes (effects.ts: the 'created'
 * event, the ticket_created broadcast to every active agent but the creator, the auto assignment
 * job, the requester's confirmation when asked; what the 'created' triggers did and add,
 * triggers/ticket-writes.ts) in one statement. The deadlines are counted in the matching policy's
 * calendar from the instant the insert stores as created_at.
 *
 * What the filing needs besides its own fields comes from this process's caches when they hold it
 * (the SLA policies, the enabled triggers, whether any webhook is enabled); whatever they lack is
 * read by one statement first. A confirmation needs the ticket's number before the insert: it is
 * drawn up front with the requester's address and the mail settings. The creator's filing budget
 * is spent by the first statement the filing sends, whichever it is, so a refused filing reads and
 * writes nothing else.
 */
async function fileTicket(
  db: Db,
  viewer: Viewer,
  filing: TicketFiling,
  links: MailLinks,
): Promise<TTicketDetail> {
  const id = crypto.randomUUID();
  // The 'created' triggers run first: their priority, category and team are what the SLA policy
  // is matched on, and an assignee they give leaves auto assignment nothing to do.
  const drafted = newTicketFacts({ ...filing, id, ticketNumber: null }, null);
  const draftedMatch = { priority: drafted.priority, teamId: drafted.teamId, category: drafted.category };
  const cached = cachedTriggerRules();
  const webhookState = webhookStateRead();
  const policiesRead = slaPoliciesRead();
  const filingCell = ticketFilingCell(viewer);
  let isTaken = false;
  let policies = policiesRead.policies;
  let draftedPolicy: PolicyRow | null = null;
  let rules = cached.rules;
  if (policies === null || rules === null || webhookState.isWanted) {
    const first = await selectPolicyAndRules(
      db,
      draftedMatch,
      { policies: policiesRead.isWanted, rules: rules === null, webhookState: webhookState.isWanted },
      filingCell,
    );
    if (!first.isTaken) throw await ticketFilingRefusal(db, filingCell);
    isTaken = true;
    rules = triggerRulesOf(cached, first.rules);
    keepWebhookState(webhookState, first.isAnyWebhookEnabled);
    keepSlaPolicies(policiesRead, first.policies);
    policies = policies ?? first.policies;
    draftedPolicy = first.policy;
  } else if (!filing.notifyRequester) {
    // Nothing to read: the budget is spent on its own, committed at once. Spent by the write's
    // statement instead, it would hold the creator's cell locked until that commits, and one
    // person's filings (a mailbox's, an integration's) would queue on each other.
    if (!(await takeRateCell(db, filingCell))) throw await ticketFilingRefusal(db, filingCell);
    isTaken = true;
  }
  const email = filing.requesterId === viewer.id ? viewer.email : null;
  const ruled = await runTriggers(db, 'created', drafted, email, rules);
  const routed = factsAfterTriggers(drafted, ruled);
  const routedMatch = { priority: routed.priority, teamId: routed.teamId, category: routed.category };
  const isRematched =
    routedMatch.priority !== draftedMatch.priority ||
    routedMatch.teamId !== draftedMatch.teamId ||
    routedMatch.category !== draftedMatch.category;
  const policy =
    policies !== null
      ? matchPolicy(policies, routedMatch)
      : isRematched
        ? await selectMatchingPolicy(db, routedMatch)
        : draftedPolicy;
  const createdAt = Date.now();
  const sla = { createdAt, state: newSlaState(clockOf(policy), createdAt) };
  const mailContext = filing.notifyRequester
    ? await selectNewTicketMailContext(db, filing.requesterId, isTaken ? null : filingCell)
    : null;
  if (mailContext) {
    if (!mailContext.isTaken) throw await ticketFilingRefusal(db, filingCell);
    isTaken = true;
  }
  const settings = mailContext ? mailSettings(mailContext) : {};
  const isConfirmationThrottled =
    mailContext !== null &&
    settings.emailNotifications === true &&
    !(await takeConfirmationMail(db, mailContext.requester.email));
  const ticket: NewTicket = {
    ...filing,
    id,
    ticketNumber: mailContext?.ticketNumber ?? null,
    priority: routed.priority,
    category: routed.category,
    teamId: routed.teamId,
    assigneeId: routed.assigneeId,
  };
  const after: TicketFacts = {
    ...newTicketFacts(ticket, mailContext?.requester ?? null),
    teamName: routed.teamName,
    assigneeId: routed.assigneeId,
    assigneeName: routed.assigneeName,
  };
  const plan = planTicketEffects({
    kind: 'created',
    ticketId: ticket.id,
    before: null,
    after,
    actor: { id: viewer.id, role: viewer.role, name: null },
    comment: null,
    // Auto assignment is left to the statement, which checks the saved setting as it commits.
    settings,
    links,
    isConfirmationThrottled,
    followUpOf: filing.followUpOf,
  });
  const withRules = withTriggerEffects(plan, ruled, {
    ticket: after,
    writtenBefore: drafted,
    actorId: viewer.id,
    links,
  });
  return writeNewTicket(db, ticket, sla, withRules);
}

/** Files a ticket for its requester (resolveRequester), honouring an Idempotency-Key; see fileTicket. */
export function createTicket(
  viewer: Viewer,
  body: z.output<typeof ZCreateTicketRequest>,
  idempotencyKey: string | null,
  links: MailLinks,
): Promise<Answer<TTicketDetail>> {
  return runIdempotent(
    { userId: viewer.id, key: idempotencyKey, scope: 'POST /api/tickets', body },
    ZTicketDetail,
    async (db) => {
      const requesterId = await resolveRequester(db, viewer, body);
      const filing: TicketFiling = {
        title: body.title,
        description: body.description,
        priority: body.priority,
        category: body.category,
        requesterId,
        notifyRequester: body.notifyRequester,
        followUpOf: null,
      };
      return { status: 201, body: await fileTicket(db, viewer, filing, links) };
    },
  );
}

/** What a message taken in by mail files: its text, and the priority, category and team of its mailbox. */
export type MailFiling = Pick<TicketFiling, 'title' | 'description' | 'priority' | 'category'> & {
  teamId: string | null;
};

/**
 * Files a ticket for a message taken in by mail (api/src/mail-in/intake-service.ts): the sender is
 * the requester and the creator, with the same filing budget, confirmation and plan as a ticket
 * filed on the web; `idempotencyKey` names the message, so processing it again files nothing twice.
 */
export function fileTicketFromMail(
  requester: Viewer,
  filing: MailFiling,
  idempotencyKey: string,
  links: MailLinks,
): Promise<Answer<TTicketDetail>> {
  return runIdempotent(
    { userId: requester.id, key: idempotencyKey, scope: 'mail-in', body: filing },
    ZTicketDetail,
    async (db) => ({
      status: 201,
      body: await fileTicket(
        db,
        requester,
        { ...filing, requesterId: requester.id, notifyRequester: true, followUpOf: null },
        links,
      ),
    }),
  );
}

/**
 * Assigns an open, unassigned ticket for the desk itself (auto assignment), inside the caller's
 * transaction and in one statement: the same change, 'assigned' event (with no actor) and
 * ticket_assigned notification a manual assignment writes.
 */
export async function assignTicketAsSystem(
  tx: Db,
  ticket: TicketState,
  assignee: { id: string; name: string },
): Promise<void> {
  const before = factsOf(ticket);
  const after = { ...before, assigneeId: assignee.id, assigneeName: assignee.name };
  const plan = planTicketEffects({
    kind: 'updated',
    ticketId: ticket.id,
    before,
    after,
    actor: null,
    comment: null,
    settings: {},
    links: null,
  });
  await writeTicketChange(tx, ticket.id, { ...after, sla: null }, plan);
}

/**
 * Changes status, priority, assignee and/or team (agents and admins; the route policy refuses end
 * users). Refused here: an assignee who is not an active agent or admin, a team that is not active,
 * and closing without admin rights while Settings require approval. A new priority or team
 * recomputes the deadlines with the policy that matches then; resolving or closing a ticket that
 * waits on its requester ends the hold first (docs/product.md#sla). A change that changes something
 * runs the 'updated' triggers over its result (docs/product.md#triggers), in the same statement. In one transaction of three
 * statements: the locked ticket with everything the change is decided on (the matching policy
 * too), the change with all its plan causes (effects.ts: events, notifications, the resolution
 * mail), and the answer (TTicketDetail's JSON text, rendered by PostgreSQL).
 */
export async function updateTicketFields(
  viewer: Viewer,
  ticketId: string,
  change: TUpdateTicketRequest,
  links: MailLinks,
): Promise<string> {
  if (!isStaff(viewer)) throw forbidden();
  return sql.begin(async (tx) => {
    await changeTicketFields(tx, viewer, ticketId, change, links);
    // The answer is the ticket page PostgreSQL renders, as GET answers it: no row objects built.
    const detail = await selectTicketDetailText(tx, ticketId, scopeOf(viewer));
    if (detail === null) throw ticketNotFound();
    return detail;
  });
}

/**
 * updateTicketFields' change without its answer, inside the caller's transaction `tx` (a bulk
 * change runs it once per ticket, ticket-queues/bulk.ts): the locked ticket with everything the
 * change is decided on, then the change with all its plan causes. Throws the refusal PATCH answers.
 */
export async function changeTicketFields(
  tx: Db,
  viewer: Viewer,
  ticketId: string,
  change: TUpdateTicketRequest,
  links: MailLinks,
): Promise<void> {
  if (!isStaff(viewer)) throw forbidden();
  const cached = cachedTriggerRules();
  const webhookState = webhookStateRead();
  const current = await selectTicketChangeContextForUpdate(tx, ticketId, {
    withRules: cached.rules === null,
    withWebhookState: webhookState.isWanted,
    assigneeId: change.assigneeId ?? null,
    teamId: change.teamId ?? null,
    isResolving: change.status === 'resolved',
    match:
      change.priority === undefined && change.teamId === undefined
        ? null
        : { priority: change.priority ?? null, teamId: change.teamId },
  });
  if (!current) throw ticketNotFound();
  keepWebhookState(webhookState, current.isAnyWebhookEnabled);
  const next = {
    status: change.status ?? current.status,
    priority: change.priority ?? current.priority,
    assigneeId: change.assigneeId === undefined ? current.assigneeId : change.assigneeId,
    teamId: change.teamId === undefined ? current.teamId : change.teamId,
  };
  const isReassigned = next.assigneeId !== current.assigneeId;
  if (isReassigned && next.assigneeId !== null && current.requestedAssigneeName === null) {
    throw badRequest(TICKET_MESSAGES.assigneeInvalid, { assigneeId: TICKET_MESSAGES.assigneeInvalid });
  }
  const isTeamChanged = next.teamId !== current.teamId;
  if (isTeamChanged && next.teamId !== null && current.requestedTeamName === null) {
    throw badRequest(TICKET_MESSAGES.teamInvalid, { teamId: TICKET_MESSAGES.teamInvalid });
  }
  // Settings' 'require approval before closing tickets': only an admin may close while it is on.
  if (next.status === 'closed' && current.status !== 'closed' && viewer.role !== 'admin') {
    if (current.requireApproval ?? DEFAULT_SETTINGS.requireApproval) {
      throw forbidden(SETTINGS_MESSAGES.closeRequiresAdmin);
    }
  }
  const before = factsOf(current, {
    requesterMail: current.requester,
    assigneeName: current.assigneeName,
    teamName: current.teamName,
    resolutions: current.resolutions,
  });
  const after: TicketFacts = {
    ...before,
    ...next,
    assigneeName: isReassigned ? current.requestedAssigneeName : current.assigneeName,
    teamName: isTeamChanged ? current.requestedTeamName : current.teamName,
  };
  // The 'updated' triggers run over a change that changed something, never over their own.
  const isChanged =
    after.status !== before.status ||
    after.priority !== before.priority ||
    after.assigneeId !== before.assigneeId ||
    after.teamId !== before.teamId;
  const rules = triggerRulesOf(cached, current.triggerRules);
  const ruled = isChanged ? await runTriggers(tx, 'updated', after, current.requester.email, rules) : null;
  const final = factsAfterTriggers(after, ruled);
  const written = {
    status: final.status,
    priority: final.priority,
    assigneeId: final.assigneeId,
    teamId: final.teamId,
  };
  // A rule's priority, team or category is matched for the deadlines as a person's would be.
  const isRematched =
    final.priority !== after.priority || final.teamId !== after.teamId || final.category !== after.category;
  const matched = isRematched
    ? {
        ...current,
        matchedPolicy: await selectMatchingPolicy(tx, {
          priority: final.priority,
          teamId: final.teamId,
          category: final.category,
        }),
      }
    : current;
  const sla = slaOfChange(matched, written, final.teamId !== current.teamId, isRematched);
  const plan = planTicketEffects({
    kind: 'updated',
    ticketId,
    before,
    after,
    actor: { id: viewer.id, role: viewer.role, name: null },
    comment: null,
    settings: mailSettings(current),
    links,
    holdEnded: sla.holdEnded,
  });
  const withRules = withTriggerEffects(plan, ruled, {
    ticket: final,
    writtenBefore: after,
    actorId: viewer.id,
    links,
  });
  await writeTicketChange(
    tx,
    ticketId,
    {
      ...written,
      ...(final.category === current.category ? {} : { category: final.category }),
      sla: sla.state,
    },
    withRules,
  );
}

/**
 * What a change does to the ticket's SLA state: a new priority or team (or a trigger's category,
 * `isRematched`) recomputes the deadlines with the policy matched for them; resolving or closing ends a hold (reason 'resolved'). A null
 * state leaves the columns as they are.
 */
function slaOfChange(
  current: TicketChangeContext,
  next: { status: TicketState['status']; priority: TicketState['priority'] },
  isTeamChanged: boolean,
  isRematched = false,
): { state: SlaState | null; holdEnded: TicketEventData | null } {
  const isRecomputed = next.priority !== current.priority || isTeamChanged || isRematched;
  const policy = isRecomputed ? current.matchedPolicy : current.policy;
  let state = isRecomputed
    ? recomputedSla(slaStateOf(current), clockOf(policy), Date.parse(current.createdAt))
    : null;
  const isEndingHold =
    (next.status === 'resolved' || next.status === 'closed') && current.waitingSince !== null;
  if (!isEndingHold) return { state, holdEnded: null };
  const ended = endedHold(state ?? slaStateOf(current), calendarOf(policy), Date.now(), 'resolved');
  state = ended.state;
  return { state, holdEnded: ended.event };
}

/** Runs `work` in a transaction: the caller's when `db` is one already, a new one otherwise. */
function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db === sql ? (sql.begin((tx) => work(tx)) as Promise<T>) : work(db);
}

/**
 * Adds a comment, honouring an Idempotency-Key. End users only on their own tickets (404 otherwise)
 * and never internal (403, nothing stored). The comment and all its plan causes (effects.ts: its
 * event, the ticket's touch and first response, the reply mail to the requester, staff's bell for
 * a requester's reply) commit in one statement. A requester's reply to a resolved or closed ticket
 * reopens it or, too late for that, becomes a follow-up ticket instead (replyDestination); the
 * answer then names the follow-up. A public comment runs the 'updated' triggers over the ticket it
 * leaves, their changes written with it (docs/product.md#triggers).
 */
export function addComment(
  viewer: Viewer,
  ticketId: string,
  body: z.output<typeof ZCreateCommentRequest>,
  idempotencyKey: string | null,
  links: MailLinks,
): Promise<Answer<TAddCommentAnswer>> {
  return runIdempotent(
    { userId: viewer.id, key: idempotencyKey, scope: `POST /api/tickets/${ticketId}/comments`, body },
    ZAddCommentAnswer,
    (db) => writeCommentOf(db, viewer, ticketId, body, links, false, false),
  );
}

/**
 * addComment's work. A reply that moves its ticket is decided again on the locked row in a
 * transaction (`isLocked`), so a concurrent change cannot slip between the decision and the write;
 * every other comment stays the two statements it always was. The context read spends the
 * comment's budget (`isTaken` once it has), except for a reply to a ticket resolved, closed or
 * waiting on its requester: that one is spent in the locked transaction, so a reply refused there
 * (a follow-up over the filing budget) spends nothing.
 */
async function writeCommentOf(
  db: Db,
  viewer: Viewer,
  ticketId: string,
  body: z.output<typeof ZCreateCommentRequest>,
  links: MailLinks,
  isLocked: boolean,
  isTaken: boolean,
): Promise<Answer<TAddCommentAnswer>> {
  const scope = scopeOf(viewer);
  const commentId = crypto.randomUUID();
  // A staff note needs nothing read first: its one statement checks the ticket. A public
  // comment reads what its reply mail says; an end user's internal note is refused, but only
  // once the ticket is known to be theirs (someone else's stays a 404).
  const isStaffNote = body.isInternal && isStaff(viewer);
  // A public comment runs the 'updated' triggers: their rules come with its context read.
  const cached = body.isInternal ? null : cachedTriggerRules();
  const webhookState = webhookStateRead();
  // An end user's internal note is refused without spending anything.
  const cell = isTaken || (body.isInternal && !isStaff(viewer)) ? null : commentCell(viewer);
  const context = isStaffNote
    ? null
    : await selectCommentContext(
        db,
        ticketId,
        viewer.id,
        scope,
        isLocked,
        !body.isInternal && cached?.rules === null,
        webhookState.isWanted,
        cell && { cell, isOnlyWhileOpen: !isLocked },
      );
  if (!isStaffNote && !context) throw ticketNotFound();
  keepWebhookState(webhookState, context?.isAnyWebhookEnabled);
  if (body.isInternal && !isStaff(viewer)) throw forbidden(TICKET_MESSAGES.internalCommentForbidden);
  if (cell && context?.isRateTaken === false) throw await commentRefusal(db, cell);
  const isSpent = isTaken || context?.isRateTaken === true;
  const actor = { id: viewer.id, role: viewer.role, name: context?.authorName ?? null };
  // The requester's own reply ends the ticket's hold on them, on the locked row.
  const isEndingHold =
    context !== null &&
    context.waitingSince !== null &&
    isRequesterReply({ ticket: context, actor, isInternal: body.isInternal });
  const destination = context
    ? replyDestination({
        ticket: context,
        resolvedAt: context.resolvedAt,
        actor,
        isInternal: body.isInternal,
        reopenWindowDays: context.reopenWindowDays ?? DEFAULT_SETTINGS.reopenWindowDays,
        now: Date.now(),
      })
    : 'ticket';
  const facts = context && factsOf(context, { requesterMail: context.requester });
  const isReopening = facts !== null && destination === 'reopen';
  const commented = facts && isReopening ? { ...facts, status: 'in_progress' as const } : facts;
  const rules = context && cached ? triggerRulesOf(cached, context.triggerRules) : [];
  const ruled =
    context && commented && destination !== 'follow_up' && rules.length > 0
      ? await runTriggers(db, 'updated', commented, context.requester.email, rules)
      : null;
  const final = commented && factsAfterTriggers(commented, ruled);
  const isRuleChanged =
    commented !== null &&
    final !== null &&
    (final.priority !== commented.priority ||
      final.category !== commented.category ||
      final.teamId !== commented.teamId ||
      final.assigneeId !== commented.assigneeId);
  // A reply that moves its ticket, or that a rule changes, is written on the locked row.
  if ((destination !== 'ticket' || isEndingHold || isRuleChanged) && !isLocked) {
    return inTransaction(db, (tx) => writeCommentOf(tx, viewer, ticketId, body, links, true, isSpent));
  }
  // A staff note, or a staff reply to a resolved ticket, spends it on its own.
  if (!isSpent) await takeComment(db, viewer);
  if (context && destination === 'follow_up') {
    const followUp = await fileTicket(
      db,
      viewer,
      {
        title: followUpTitle(context.title),
        description: body.content,
        priority: context.priority,
        category: context.category,
        requesterId: context.requesterId,
        notifyRequester: context.notifyRequester,
        followUpOf: context.id,
      },
      links,
    );
    return {
      status: 201,
      body: { followUpTicket: { id: followUp.id, ticketNumber: followUp.ticketNumber } },
    };
  }
  // A rule's priority, team or category is matched for the deadlines as a person's change would be.
  const isRematched =
    context !== null &&
    final !== null &&
    (final.priority !== context.priority ||
      final.teamId !== context.teamId ||
      final.category !== context.category);
  const policy =
    context && final && isRematched
      ? await selectMatchingPolicy(db, {
          priority: final.priority,
          teamId: final.teamId,
          category: final.category,
        })
      : (context?.policy ?? null);
  const recomputed =
    context && isRematched
      ? recomputedSla(slaStateOf(context), clockOf(policy), Date.parse(context.createdAt))
      : null;
  const ended =
    context && isEndingHold
      ? endedHold(recomputed ?? slaStateOf(context), calendarOf(policy), Date.now(), 'requester_reply')
      : null;
  const plan = planTicketEffects({
    kind: 'commented',
    ticketId,
    before: isReopening ? facts : null,
    after: commented,
    actor,
    comment: { id: commentId, content: body.content, isInternal: body.isInternal },
    settings: context ? mailSettings(context) : {},
    links,
    holdEnded: ended?.event ?? null,
  });
  const comment = await writeComment(
    db,
    {
      id: commentId,
      ticketId,
      authorId: viewer.id,
      content: body.content,
      isInternal: body.isInternal,
      scope,
    },
    ruled && final && commented
      ? withTriggerEffects(plan, ruled, {
          ticket: final,
          writtenBefore: commented,
          actorId: viewer.id,
          links,
        })
      : plan,
    ended?.state ?? recomputed,
    final && isRuleChanged
      ? {
          priority: final.priority,
          category: final.category,
          teamId: final.teamId,
          assigneeId: final.assigneeId,
        }
      : null,
  );
  if (!comment) throw ticketNotFound();
  return { status: 201, body: comment };
}
