/**
 * The raw servers the product is measured against where no read limit applies: Elysia +
 * postgres.js on the same database, with no session, policy, validation or logging. `select 1`
 * is what any request that reaches PostgreSQL costs at the least (the reads served from caches
 * are held to it); the one-row insert is the write's floor. A read's own limit is its reference
 * statement and its body served from memory (bench/lib/limits.ts), not a route here.
 * `bun bench/ceiling-server.ts <port> <database url>`
 */
import { Elysia } from 'elysia';
import postgres from 'postgres';
import { DATABASE_POOL_MAX_DEFAULT } from '../api/src/config.ts';

const [portArg, url] = process.argv.slice(2);
const port = Number(portArg);
if (!url || !Number.isInteger(port)) {
  console.error('usage: bun bench/ceiling-server.ts <port> <database url>');
  process.exit(2);
}

// The same pool size as the API's (api/src/config.ts), so neither side wins by connections.
const sql = postgres(url, { max: DATABASE_POOL_MAX_DEFAULT, onnotice: () => {} });
const [requester] = await sql<
  { id: string }[]
>`select id from users where role = 'end_user' and status = 'active' order by username limit 1`;
if (!requester) throw new Error('the database has no end user: run bun run seed:large first');

// The writes' same-rows ceilings (bench/lib/write-ceilings.ts).
const { writeCeilingRoutes } = await import('./lib/write-ceilings.ts');
const writes = await writeCeilingRoutes(sql);

const app = new Elysia()
  .get('/select-1', async () => (await sql`select 1 as one`)[0])
  .post('/insert', async () => {
    const [row] = await sql`
      insert into tickets (title, description, priority, category, requester_id)
      values ('Ceiling insert', 'A row the raw insert ceiling writes.', 'medium', 'other', ${requester.id})
      returning id, ticket_number as "ticketNumber"`;
    return row;
  })
  .use(writes)
  .listen({ port, hostname: '127.0.0.1' });

console.log(`ceiling server on http://127.0.0.1:${app.server?.port}`);
process.on('SIGTERM', async () => {
  await app.stop();
  await sql.end({ timeout: 2 });
  process.exit(0);
});
