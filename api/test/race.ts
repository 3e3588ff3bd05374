import type { Sql, TransactionSql } from 'postgres';
import { createSql } from '../src/db/postgres.ts';
import { createRandom, type Random } from '../src/seed/random.ts';

/** What racing writers did: transactions committed and rolled back (a fifth of them, at random). */
export type RaceResult = { committed: number; rolledBack: number; writers: number };

/**
 * `writers` pools of two connections on `url` run `rounds` transactions each, all at once; a fifth
 * of the transactions, chosen at random, roll back after their work. `work` is one transaction's
 * writes; each writer has its own seeded random (`seed + writer`), so a run repeats exactly.
 */
export async function raceTransactions(options: {
  url: string;
  writers: number;
  rounds: number;
  seed: number;
  work: (tx: TransactionSql, random: Random, writer: number) => Promise<void>;
}): Promise<RaceResult> {
  const pools = Array.from({ length: options.writers }, () => createSql(options.url, { max: 2 }));
  let committed = 0;
  let rolledBack = 0;
  try {
    await Promise.all(
      pools.map(async (pool, writer) => {
        const random = createRandom(options.seed + writer);
        for (let round = 0; round < options.rounds; round++) {
          const isRolledBack = random.chance(0.2);
          await pool
            .begin(async (tx) => {
              await options.work(tx, random, writer);
              if (isRolledBack) throw new Error('roll back');
            })
            .then(
              () => {
                committed += 1;
              },
              (error: unknown) => {
                if (!(error instanceof Error) || error.message !== 'roll back') throw error;
                rolledBack += 1;
              },
            );
        }
      }),
    );
  } finally {
    await Promise.all(pools.map((pool) => pool.end()));
  }
  return { committed, rolledBack, writers: options.writers };
}

/**
 * The sequential sibling of raceTransactions: `steps` transactions one after another on `db`, each
 * `work` (with the test's seeded random), a fifth of them rolled back after their work, and `check`
 * after every tenth and once at the end: the counters tests' "equal the recount after each" loop.
 */
export async function randomTransactions(options: {
  db: Sql;
  random: Random;
  steps: number;
  work: (tx: TransactionSql) => Promise<void>;
  check: () => Promise<void>;
}): Promise<void> {
  for (let step = 0; step < options.steps; step++) {
    const isRolledBack = options.random.chance(0.2);
    await options.db
      .begin(async (tx) => {
        await options.work(tx);
        if (isRolledBack) throw new Error('roll back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'roll back') throw error;
      });
    if (step % 10 === 9) await options.check();
  }
  await options.check();
}
