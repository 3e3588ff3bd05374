/**
 * The reply-shape corpus: hand-written messages in the form real clients send them (header order,
 * Thread-Index, Gmail's wrapped attribution, Outlook's header blocks, phone signatures), against one
 * fixture desk. Each case says where the message must land and, for replies, the text kept.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NoAutoReplyReason } from '../loops.ts';
import type { DeskThreadingFacts } from '../threading.ts';

export const DESK_DOMAIN = 'desk.example.com';
export const SUPPORT_ADDRESSES = ['support@desk.example.com'];

type FixtureTicket = {
  id: string;
  number: string;
  requester: string;
  sentIds: string[];
  receivedIds: string[];
};

const TICKETS: FixtureTicket[] = [
  {
    id: 'ticket-123',
    number: 'TKT-000123',
    requester: 'anna.berg@example.net',
    sentIds: [
      '<outbox.3f6c1e2a-8d4b-4c7e-9a1f-2b5d6e7f8a91@desk.example.com>',
      '<outbox.7a2b9c4d-1e3f-4a5b-8c6d-9e0f1a2b3c4d@desk.example.com>',
    ],
    // Anna opened the ticket by mail: her first message's id belongs to it too.
    receivedIds: ['<CAKx7q1vR2yFh3Zp0b9Qe4LmN8sT6uW1xY2zA3bC4dE5fG6hH7@mail.gmail.com>'],
  },
  {
    id: 'ticket-124',
    number: 'TKT-000124',
    requester: 'jonas.weber@example.de',
    sentIds: [
      '<outbox.b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e@desk.example.com>',
      '<outbox.f0e1d2c3-b4a5-4697-8887-a6b5c4d3e2f1@desk.example.com>',
    ],
    receivedIds: [],
  },
  {
    id: 'ticket-125',
    number: 'TKT-000125',
    requester: 'claire.dubois@example.fr',
    sentIds: [
      '<outbox.c9d8e7f6-a5b4-4c3d-9e2f-1a0b9c8d7e6f@desk.example.com>',
      '<outbox.a7b8c9d0-e1f2-4a3b-9c4d-5e6f7a8b9c0d@desk.example.com>',
    ],
    receivedIds: [],
  },
  {
    id: 'ticket-126',
    number: 'TKT-000126',
    requester: 'miguel.garcia@example.es',
    sentIds: [
      '<outbox.d4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70@desk.example.com>',
      '<outbox.b8c7d6e5-f4a3-4b2c-9d1e-0f9a8b7c6d5e@desk.example.com>',
    ],
    receivedIds: [],
  },
  {
    id: 'ticket-127',
    number: 'TKT-000127',
    requester: 'tom.reed@example.org',
    sentIds: ['<outbox.e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b@desk.example.com>'],
    receivedIds: [],
  },
  {
    id: 'ticket-42',
    number: 'TKT-000042',
    requester: 'old.customer@example.com',
    sentIds: [],
    receivedIds: [],
  },
];

const STAFF = ['sam.agent@acme.example'];

/** The fixture desk's lookups, as the database would answer them. */
export function fixtureDesk(): DeskThreadingFacts {
  const byMessageId = new Map<string, string>();
  for (const ticket of TICKETS) {
    for (const id of [...ticket.sentIds, ...ticket.receivedIds]) byMessageId.set(id, ticket.id);
  }
  return {
    supportAddresses: SUPPORT_ADDRESSES,
    ticketByMessageId: async (messageId) => byMessageId.get(messageId) ?? null,
    ticketByNumber: async (number) => TICKETS.find((ticket) => ticket.number === number)?.id ?? null,
    senderMayReply: async (ticketId, sender) =>
      STAFF.includes(sender) ||
      TICKETS.some((ticket) => ticket.id === ticketId && ticket.requester === sender),
  };
}

export type CorpusExpectation =
  /** A reply: lands on this ticket, and the trimmed text is exactly this. */
  | { kind: 'reply'; ticketId: string; text: string }
  /** A message that must open a new ticket (never land on an old one). */
  | { kind: 'new' }
  /** Mail no one wrote by hand: the desk must not answer it, and it opens no ticket of its own. */
  | { kind: 'automatic'; reason: NoAutoReplyReason };

export type CorpusCase = { file: string; shape: string; expect: CorpusExpectation };

const fresh = (file: string, shape: string): CorpusCase => ({ file, shape, expect: { kind: 'new' } });
const automatic = (file: string, shape: string, reason: NoAutoReplyReason): CorpusCase => ({
  file,
  shape,
  expect: { kind: 'automatic', reason },
});

export const CORPUS: CorpusCase[] = [
  {
    file: 'outlook-desktop-reply.eml',
    shape: 'Outlook desktop, From/Sent block below',
    expect: {
      kind: 'reply',
      ticketId: 'ticket-123',
      text: 'Thanks, the printer works again after the restart.\n\nKind regards,\nAnna',
    },
  },
  {
    file: 'outlook-web-reply.eml',
    shape: 'Outlook on the web, underscore rule',
    expect: {
      kind: 'reply',
      ticketId: 'ticket-123',
      text: 'It stopped again this morning, same error on the display.',
    },
  },
  {
    file: 'outlook-german-reply.eml',
    shape: 'Outlook desktop in German (Von/Gesendet), Latin-1',
    expect: {
      kind: 'reply',
      ticketId: 'ticket-124',
      text: 'Hallo,\n\nder Link aus der Mail führt leider auf eine Fehlerseite. Können Sie das prüfen?\n\nMit freundlichen Grüßen\nJonas Weber',
    },
  },
  {
    file: 'outlook-mac-reply.eml',
    shape: 'Outlook for Mac (From/Date block)',
    expect: {
      kind: 'reply',
      ticketId: 'ticket-127',
      text: 'Yes, it still happens on the new client version.\n\nTom',
    },
  },
  {
    file: 'gmail-reply.eml',
    shape: 'Gmail, attribution wrapped over two lines',
    expect: {
      kind: 'reply',
      ticketId: 'ticket-123',
      text: 'I restarted it but the display still says "offline". Should I try another\ncable?',
    },
  },
  {
    file: 'html-only-webmail-reply.eml',
    shape: 'webmail, HTML only with script, style and a tracking pixel; References only',
    expect: {
      kind: 'reply',
      ticketId: 'ticket-125',
      text: 'My badge still does not open the second floor door.\n\nClaire',
    },
  },
  {
    file: 'apple-mail-reply.eml',
    shape: 'Apple Mail, quoted below',
    expect: {
      kind: 'reply',
      ticketId: 'ticket-127',
      text: 'The log file is attached to my first mail, the drops happen at :05 past every hour.\n\nBest,\nTom',
    },
  },
  {
    file: 'thunderbird-bottom-post.eml',
    shape: 'Thunderbird, quoted above (bottom posting), dash-dash signature',
    expect: {
      kind: 'reply',
      ticketId: 'ticket-123',
      text: 'The docking station. I moved it to the wall socket and it prints now.',
    },
  },
  {
    file: 'iphone-reply.eml',
    shape: 'iPhone Mail, "Sent from my iPhone"',
    expect: {
      kind: 'reply',
      ticketId: 'ticket-127',
      text: 'Happened again at 7:05, on mobile data this time.',
    },
  },
  {
    file: 'iphone-german-reply.eml',
    shape: 'iPhone Mail in German ("Von meinem iPhone gesendet", "Am … schrieb")',
    expect: { kind: 'reply', ticketId: 'ticket-124', text: 'Jetzt klappt es, danke!' },
  },
  {
    file: 'android-gmail-reply.eml',
    shape: 'Gmail for Android',
    expect: {
      kind: 'reply',
      ticketId: 'ticket-126',
      text: 'Friday afternoon works for me, I will bring the laptop to the desk.',
    },
  },
  {
    file: 'samsung-email-reply.eml',
    shape: 'Samsung Email ("Original message" block, "Sent from my Galaxy"), In-Reply-To only',
    expect: {
      kind: 'reply',
      ticketId: 'ticket-126',
      text: 'The keys E and R stopped working, the rest is fine.',
    },
  },
  {
    file: 'french-gmail-reply.eml',
    shape: 'Gmail in French ("a écrit :" wrapped), encoded subject',
    expect: {
      kind: 'reply',
      ticketId: 'ticket-125',
      text: 'Bonjour,\n\nLe badge fonctionne au rez-de-chaussée mais pas au deuxième étage.\n\nCordialement,\nClaire',
    },
  },
  {
    file: 'french-outlook-reply.eml',
    shape: 'Outlook in French (De / Envoyé), Windows-1252',
    expect: {
      kind: 'reply',
      ticketId: 'ticket-125',
      text: 'Merci, tout fonctionne maintenant. Vous pouvez fermer la demande.\n\nClaire Dubois\nService comptabilité',
    },
  },
  {
    file: 'spanish-reply.eml',
    shape: 'Gmail in Spanish ("escribió:"), References only, raw UTF-8 subject',
    expect: {
      kind: 'reply',
      ticketId: 'ticket-126',
      text: 'Gracias, el teclado nuevo funciona perfectamente.',
    },
  },
  {
    file: 'gateway-stripped-subject.eml',
    shape: 'gateway stripped In-Reply-To and References; number in the subject, requester',
    expect: {
      kind: 'reply',
      ticketId: 'ticket-123',
      text: 'The printer is offline again since this morning.\n\nAnna',
    },
  },
  {
    file: 'gateway-stripped-plus-address.eml',
    shape: 'gateway stripped the ids; plus address, subject rewritten',
    expect: {
      kind: 'reply',
      ticketId: 'ticket-124',
      text: 'Gilt das neue Passwort auch für das WLAN?\n\nGruß\nJonas',
    },
  },
  {
    file: 'forwarded-by-requester.eml',
    shape: 'requester forwards a colleague’s confirmation (forwarded content kept)',
    expect: {
      kind: 'reply',
      ticketId: 'ticket-125',
      text: [
        'Mon responsable confirme, voir ci-dessous.',
        '',
        '---------- Forwarded message ---------',
        'From: Paul Martin <paul.martin@example.fr>',
        'Date: Mon, 23 Nov 2026 at 13:31',
        'Subject: Re: [TKT-000125] Acces badge',
        'To: Claire Dubois <claire.dubois@example.fr>',
        '',
        'Je confirme : Claire doit avoir accès au deuxième étage.',
      ].join('\n'),
    },
  },
  {
    file: 'reply-all-colleague-thread.eml',
    shape:
      'a colleague in Cc replies to the requester’s mail (In-Reply-To unknown, References hold the desk’s id)',
    expect: {
      kind: 'reply',
      ticketId: 'ticket-127',
      text: 'Same here on my laptop since Monday, also at five past the hour.\n\nKate',
    },
  },
  {
    file: 'staff-reply-by-mail.eml',
    shape: 'an agent answers from their own mailbox, ids stripped; number in the subject, staff',
    expect: {
      kind: 'reply',
      ticketId: 'ticket-126',
      text: 'The replacement keyboard is ordered, it arrives Thursday.\n\nSam',
    },
  },
  {
    file: 'reply-to-own-first-mail.eml',
    shape: 'requester follows up on the mail that opened the ticket (before any answer)',
    expect: {
      kind: 'reply',
      ticketId: 'ticket-123',
      text: 'Forgot to say: it is the HP printer next to the kitchen.',
    },
  },
  fresh('new-ticket.eml', 'a new request with a photo attached'),
  fresh('new-html-with-inline-image.eml', 'a new request, HTML only, inline screenshot and a PDF'),
  fresh('stranger-mentions-old-ticket.eml', 'a stranger writes "Re: TKT-000042" without any thread header'),
  fresh(
    'requester-new-mentions-number.eml',
    'a requester’s new request mentioning an older ticket in the body',
  ),
  automatic('out-of-office.eml', 'Exchange out-of-office (Auto-Submitted: auto-replied)', 'auto-submitted'),
  automatic('bounce.eml', 'Postfix delivery status notification', 'auto-submitted'),
  automatic('mailing-list.eml', 'a newsletter (Precedence: list, List-Id)', 'precedence'),
  automatic('desk-own-copy.eml', 'the desk’s own notification seen again in its mailbox', 'own-address'),
];

/** A corpus message's bytes. */
export function corpusSource(file: string): Buffer {
  return readFileSync(join(import.meta.dir, file));
}
