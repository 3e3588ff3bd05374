/** Test helper: a raw message from header lines and a body, as a mail server would hand it over. */
import { type InboundMessage, parseMessage } from './parse-message.ts';

export function rawMail(headers: string[], body = 'Hello'): Buffer {
  return Buffer.from(`${headers.join('\r\n')}\r\n\r\n${body}\r\n`);
}

/** A parsed message from a plain sender with these extra headers. */
export function inbound(headers: string[], body?: string): Promise<InboundMessage> {
  const hasFrom = headers.some((line) => /^from:/i.test(line));
  return parseMessage(
    rawMail([...(hasFrom ? [] : ['From: Anna Berg <anna.berg@example.net>']), ...headers], body),
  );
}
