/**
 * The new words of a reply, without the history the mail client quoted and without the sender's
 * signature. Mail clients mark quoted history in a few known ways: an attribution line ("On <date>,
 * X wrote:", in the client's language) above `>` lines, or a header block above the whole earlier
 * message (Outlook). A forwarded message ("Forwarded message", "Begin forwarded message") is content,
 * not history, and is kept.
 */

/** The attribution line's last words per language, each anchored at the end of the (joined) line. */
const ATTRIBUTION = [
  /^On\s.+\s(wrote|sent)\s?:$/i,
  /^Am\s.+\sschrieb\s?.*:$/i,
  /^Le\s.+\sa\s+écrit\s?:$/i,
  /^El\s.+\sescribió\s?:$/i,
  /^Op\s.+\sschreef\s?.*:$/i,
  /^Il\s.+\sha\s+scritto\s?:$/i,
  /^Em\s.+\sescreveu\s?:$/i,
  /^(Den|På)\s.+\sskrev\s?.*:$/i,
];
/** An attribution line wrapped by the client (Gmail wraps at 78 characters) spans up to three lines. */
const ATTRIBUTION_MAX_LINES = 3;
const ATTRIBUTION_START = /^(On|Am|Le|El|Op|Il|Em|Den|På)\s/i;

/** Outlook and phone clients: a separator line above the earlier message. */
const ORIGINAL_MESSAGE =
  /^-{2,}\s*(original message|ursprüngliche nachricht|originalnachricht|message d'origine|mensaje original|oorspronkelijk bericht|messaggio originale)\s*-{2,}$/i;
const HEADER_FROM = /^\*?(from|von|de|van|da|fra|från)\s?:\*?\s+\S/i;
const HEADER_NEXT =
  /^\*?(sent|date|to|gesendet|datum|an|envoyé|à|enviado|fecha|para|verzonden|aan|inviato|data|a|sendt|dato|til|skickat|till)\s?:\*?(\s|$)/i;
/** An Outlook header block: "From:" followed within a few lines by "Sent:"/"Date:"/"To:". */
const HEADER_BLOCK_LOOKAHEAD = 4;
const UNDERSCORE_RULE = /^_{10,}$/;

/** A forwarded message below this line is content the sender means to pass on: kept whole. */
const FORWARD_MARKER = [
  /^-{2,}\s*(forwarded message|weitergeleitete nachricht|message transféré|mensaje reenviado)\s*-{2,}$/i,
  /^(begin forwarded message|anfang der weitergeleiteten nachricht|début du message réexpédié|inicio del mensaje reenviado)\s?:$/i,
];

const SIGNATURE_DASHES = /^--\s?$/;
const SENT_FROM = [
  /^sent from my \S.{0,40}$/i,
  /^sent from (mail|outlook|yahoo mail|aol mail)\b.{0,40}$/i,
  /^get outlook for (ios|android)\b.{0,10}$/i,
  /^von meinem \S.{0,40} gesendet$/i,
  /^gesendet von (meinem|outlook|mail)\b.{0,40}$/i,
  /^envoyé de mon \S.{0,40}$/i,
  /^obtenir outlook pour (ios|android)\b.{0,10}$/i,
  /^enviado desde mi \S.{0,40}$/i,
  /^verzonden vanaf mijn \S.{0,40}$/i,
  /^inviato da \S.{0,40}$/i,
];

const isQuoted = (line: string) => line.trimStart().startsWith('>');
const isBlank = (line: string) => line.trim() === '';

/** How many lines, from `index`, form an attribution line; 0 when none starts there. */
function attributionLength(lines: string[], index: number): number {
  const first = lines[index]?.trim() ?? '';
  if (!ATTRIBUTION_START.test(first)) return 0;
  let joined = '';
  for (let count = 1; count <= ATTRIBUTION_MAX_LINES && index + count <= lines.length; count++) {
    joined = `${joined} ${lines[index + count - 1]?.trim() ?? ''}`.trim();
    if (ATTRIBUTION.some((pattern) => pattern.test(joined))) return count;
  }
  return 0;
}

function startsHeaderBlock(lines: string[], index: number): boolean {
  const line = lines[index]?.trim() ?? '';
  if (ORIGINAL_MESSAGE.test(line)) return true;
  if (UNDERSCORE_RULE.test(line)) return HEADER_FROM.test(lines[index + 1]?.trim() ?? '');
  if (!HEADER_FROM.test(line)) return false;
  const next = lines.slice(index + 1, index + 1 + HEADER_BLOCK_LOOKAHEAD);
  return next.some((candidate) => HEADER_NEXT.test(candidate.trim()));
}

/** The index after a `>` block starting at (or after blank lines from) `index`, or -1 without one. */
function endOfQuoteBlock(lines: string[], index: number): number {
  let cursor = index;
  while (cursor < lines.length && isBlank(lines[cursor] ?? '')) cursor++;
  if (cursor >= lines.length || !isQuoted(lines[cursor] ?? '')) return -1;
  while (cursor < lines.length && (isQuoted(lines[cursor] ?? '') || isBlank(lines[cursor] ?? ''))) cursor++;
  return cursor;
}

/** The lines without quoted history: cut at a header block, attributions with their `>` blocks removed. */
function withoutHistory(lines: string[]): string[] {
  const kept: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const current = lines[index]?.trim() ?? '';
    if (FORWARD_MARKER.some((pattern) => pattern.test(current))) return [...kept, ...lines.slice(index)];
    if (startsHeaderBlock(lines, index)) break;
    const attribution = attributionLength(lines, index);
    if (attribution > 0) {
      const quoteEnd = endOfQuoteBlock(lines, index + attribution);
      // Without a `>` block below it, everything after the attribution is the earlier message.
      if (quoteEnd < 0) break;
      index = quoteEnd;
      continue;
    }
    const line = lines[index] ?? '';
    if (!isQuoted(line)) kept.push(line);
    index++;
  }
  return kept;
}

function withoutSignature(lines: string[]): string[] {
  const dashes = lines.findIndex((line) => SIGNATURE_DASHES.test(line));
  const body = dashes >= 0 ? lines.slice(0, dashes) : lines;
  return body.filter((line) => !SENT_FROM.some((pattern) => pattern.test(line.trim())));
}

function tidy(lines: string[]): string {
  return lines
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A reply's own text: quoted history and signature trimmed; the whole text when trimming leaves nothing. */
export function replyText(text: string): { text: string; isTrimmed: boolean } {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const whole = tidy(lines);
  const trimmed = tidy(withoutSignature(withoutHistory(lines)));
  if (trimmed === '') return { text: whole, isTrimmed: false };
  return { text: trimmed, isTrimmed: trimmed !== whole };
}
