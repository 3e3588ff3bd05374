import { describe, expect, test } from 'bun:test';
import { sql, uniqueName } from '../../test/helpers.ts';
import { insertInboundMessage } from './inbound-queries.ts';

async function pipeMailbox(): Promise<string> {
  const name = uniqueName('mbx');
  const [row] = await sql<{ id: string }[]>`
    insert into mailboxes (name, address, kind) values (${name}, ${`${name}@example.test`}, 'pipe') returning id`;
  return row?.id ?? '';
}

describe('insertInboundMessage', () => {
  test('one row per UID under one UIDVALIDITY: a repeated fetch stores nothing', async () => {
    const mailboxId = await pipeMailbox();
    const raw = new TextEncoder().encode('Subject: hi\r\n\r\nbody');
    const place = { mailboxId, uidValidity: 7n, uid: 3 };
    const first = await insertInboundMessage(sql, place, raw);
    expect(first).toEqual(expect.any(String));
    expect(await insertInboundMessage(sql, place, raw)).toBeNull();
    expect(await insertInboundMessage(sql, { ...place, uidValidity: 8n }, raw)).toEqual(expect.any(String));
    const [row] = await sql<{ raw: Buffer; rawSize: number; status: string }[]>`
      select raw, raw_size as "rawSize", status from inbound_messages where id = ${first}`;
    expect(row?.raw.toString()).toBe('Subject: hi\r\n\r\nbody');
    expect(row?.rawSize).toBe(raw.byteLength);
    expect(row?.status).toBe('pending');
  });

  test('piped messages have no place on a server: each one is stored', async () => {
    const mailboxId = await pipeMailbox();
    const raw = new TextEncoder().encode('Subject: piped\r\n\r\nbody');
    const place = { mailboxId, uidValidity: null, uid: null };
    expect(await insertInboundMessage(sql, place, raw)).toEqual(expect.any(String));
    expect(await insertInboundMessage(sql, place, raw)).toEqual(expect.any(String));
  });
});
