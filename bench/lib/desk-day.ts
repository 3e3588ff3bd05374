/**
 * The desk day (docs/performance.md#the-desk-day): 200 agents and up to 10,000 requesters, each
 * signed in with a session of their own, doing what a help desk does in the proportions below.
 * Its saturation is measured closed loop, then it runs open loop at half of that rate.
 */
import type { FixedRatePlan } from '../fixed-rate.ts';
import { signIn } from './servers.ts';

/** One simulated person: who they are and their session's Cookie header. */
export type Person = { username: string; cookie: string };

/**
 * What each request of the day is, per 1,000 requests, and why (the same list is in
 * docs/performance.md). Agents work queues and tickets all day; requesters come now and then to
 * check their own tickets; the client polls the counts.
 */
export const DESK_DAY_MIX = {
  /** Agents move between their queues (views and orders) more than anything else. */
  agentQueue: 250,
  /** The plain newest-first list and its filters. */
  agentList: 50,
  /** An agent opens a ticket from the queue: roughly one ticket page per queue read. */
  agentTicketPage: 200,
  /** The agents' badge count, asked on every page and every few seconds by open tabs. */
  notificationCount: 150,
  /** The queue counts beside the list. */
  viewCounts: 50,
  /** Who am I, on each page load. */
  me: 50,
  /** The dashboard, a few times an hour per agent. */
  dashboard: 20,
  /** The search box, agents looking for a ticket or a person. */
  globalSearch: 40,
  /** Requesters look in the knowledge base before they write. */
  kbSearch: 30,
  /** A requester's own tickets. */
  myTickets: 60,
  /** A requester opens one of their tickets. */
  requesterTicketPage: 40,
  /** Agents answer: a reply is the most common write. */
  agentComment: 25,
  /** A requester replies on their open ticket. */
  requesterComment: 10,
  /** An agent moves a ticket on (in progress, back to new). */
  statusChange: 20,
  /** Someone signs in (argon2id makes it the day's dearest request, and a rare one). */
  signIn: 5,
} as const;

export type DeskDayRequest = FixedRatePlan['requests'][number];

export type DeskDayInput = {
  agents: readonly Person[];
  requesters: readonly Person[];
  /** Each requester's ticket (by username): one they may open and, when open, comment on. */
  requesterTickets: ReadonlyMap<string, { id: string; isOpen: boolean }>;
  /** Open tickets agents work on. */
  openTicketIds: readonly string[];
  queuePaths: readonly string[];
  listPaths: readonly string[];
  searchTerms: readonly string[];
  password: string;
  /** How many requests the cycled list holds. */
  count: number;
  seed?: number;
};

/** A small seeded generator (mulberry32): the same day every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks a kind of request by the mix's weights. */
export function pickKind(random: () => number): keyof typeof DESK_DAY_MIX {
  const total = Object.values(DESK_DAY_MIX).reduce((sum, weight) => sum + weight, 0);
  let at = random() * total;
  for (const [kind, weight] of Object.entries(DESK_DAY_MIX) as [keyof typeof DESK_DAY_MIX, number][]) {
    if (at < weight) return kind;
    at -= weight;
  }
  return 'agentQueue';
}

/** The day's requests in order, each with its person's own cookie. */
export function deskDayRequests(input: DeskDayInput): DeskDayRequest[] {
  const random = seededRandom(input.seed ?? 1);
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(random() * items.length)];
    if (item === undefined) throw new Error('the desk day needs people, tickets and paths');
    return item;
  };
  const json = { 'Content-Type': 'application/json' };
  // Each requester with their newest ticket, read once: a path never holds a missing id.
  const withTicket = input.requesters.flatMap((person) => {
    const ticket = input.requesterTickets.get(person.username);
    return ticket ? [{ person, ticket }] : [];
  });
  const withOpenTicket = withTicket.filter(({ ticket }) => ticket.isOpen);
  // Each status change a real one: a ticket's changes alternate, to in progress and back to new.
  const changes = new Map<string, number>();
  const requests: DeskDayRequest[] = [];
  for (let index = 0; index < input.count; index++) {
    const kind = pickKind(random);
    const agent = { Cookie: pick(input.agents).cookie };
    switch (kind) {
      case 'agentQueue':
        requests.push({ method: 'GET', path: pick(input.queuePaths), headers: agent });
        break;
      case 'agentList':
        requests.push({ method: 'GET', path: pick(input.listPaths), headers: agent });
        break;
      case 'agentTicketPage':
        requests.push({ method: 'GET', path: `/api/tickets/${pick(input.openTicketIds)}`, headers: agent });
        break;
      case 'notificationCount':
        // Staff only: requesters have no notification feed (the route answers them 403).
        requests.push({ method: 'GET', path: '/api/notifications/count', headers: agent });
        break;
      case 'viewCounts':
        requests.push({ method: 'GET', path: '/api/tickets/views', headers: agent });
        break;
      case 'me':
        requests.push({
          method: 'GET',
          path: '/api/auth/me',
          headers: random() < 0.7 ? agent : { Cookie: pick(input.requesters).cookie },
        });
        break;
      case 'dashboard':
        requests.push({ method: 'GET', path: '/api/dashboard/metrics', headers: agent });
        break;
      case 'globalSearch':
        requests.push({
          method: 'GET',
          path: `/api/search?q=${encodeURIComponent(pick(input.searchTerms))}`,
          headers: agent,
        });
        break;
      case 'kbSearch':
        requests.push({
          method: 'GET',
          path: `/api/kb/articles/search?q=${encodeURIComponent(pick(input.searchTerms))}`,
          headers: { Cookie: pick(input.requesters).cookie },
        });
        break;
      case 'myTickets':
        requests.push({
          method: 'GET',
          path: '/api/tickets?limit=50',
          headers: { Cookie: pick(input.requesters).cookie },
        });
        break;
      case 'requesterTicketPage': {
        const { person, ticket } = pick(withTicket);
        requests.push({
          method: 'GET',
          path: `/api/tickets/${ticket.id}`,
          headers: { Cookie: person.cookie },
        });
        break;
      }
      case 'agentComment':
        requests.push({
          method: 'POST',
          path: `/api/tickets/${pick(input.openTicketIds)}/comments`,
          headers: { ...agent, ...json },
          body: JSON.stringify({ content: 'Bench: looking into it.', isInternal: random() < 0.3 }),
        });
        break;
      case 'requesterComment': {
        const { person, ticket } = pick(withOpenTicket);
        requests.push({
          method: 'POST',
          path: `/api/tickets/${ticket.id}/comments`,
          headers: { Cookie: person.cookie, ...json },
          body: JSON.stringify({ content: 'Bench: any news on this?', isInternal: false }),
        });
        break;
      }
      case 'statusChange': {
        const ticketId = pick(input.openTicketIds);
        const seen = changes.get(ticketId) ?? 0;
        changes.set(ticketId, seen + 1);
        requests.push({
          method: 'PATCH',
          path: `/api/tickets/${ticketId}`,
          headers: { ...agent, ...json },
          body: JSON.stringify({ status: seen % 2 === 0 ? 'in_progress' : 'new' }),
        });
        break;
      }
      case 'signIn': {
        const person = random() < 0.5 ? pick(input.agents) : pick(input.requesters);
        requests.push({
          method: 'POST',
          path: '/api/auth/login',
          headers: json,
          body: JSON.stringify({ username: person.username, password: input.password }),
        });
        break;
      }
    }
  }
  return requests;
}

/**
 * Signs every person in through the API, a few at a time (argon2id is the cost), each a session
 * of their own. Sign-in limits count failures only (api/src/auth/sign-in-throttle.ts): every
 * sign-in here is right, so none is counted, and all come from one loopback address as they may.
 */
export async function signInEveryone(
  baseUrl: string,
  usernames: readonly string[],
  password: string,
  concurrency = 4,
): Promise<Person[]> {
  const people: Person[] = new Array(usernames.length);
  let next = 0;
  const worker = async () => {
    for (;;) {
      const index = next++;
      const username = usernames[index];
      if (username === undefined) return;
      people[index] = { username, cookie: await signIn(baseUrl, username, password) };
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return people;
}
