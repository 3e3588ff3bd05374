import type { Db } from '../db/postgres.ts';
import { inTransaction } from '../idempotency/service.ts';
import {
  clockAllowanceMs,
  type RateCell,
  selectRateCell,
  selectRateCellsForUpdate,
  takeRateCell,
  updateRateCells,
} from './queries.ts';

/** At most `limit` actions per `windowMs` for one key; the whole budget may be spent at once. */
export type Budget = { key: string; limit: number; windowMs: number };

/**
 * Rate limits counted in PostgreSQL (one row per key, generic cell rate: docs/security.md#abuse-limits),
 * so every API process spends the same budgets. Every limit is multiplied by `scale`
 * (RATE_LIMIT_SCALE), which load tests and automated acceptance runs raise; `now` is the caller's
 * clock (tests move it).
 */
export class RateLimiter {
  constructor(
    private readonly scale: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A budget with the scale applied: the interval between actions once the burst is spent. */
  private intervalMs(budget: Budget): number {
    return budget.windowMs / Math.max(1, Math.round(budget.limit * this.scale()));
  }

  /**
   * Spends one action of every budget, or none: answers 0 when taken, otherwise the seconds until
   * all of them allow one more (nothing is spent then).
   */
  async take(db: Db, budgets: readonly Budget[]): Promise<number> {
    if (budgets.length === 1 && budgets[0]) return this.takeMany(db, budgets[0], 1);
    const now = this.now();
    // Several budgets are all or nothing: their rows are locked in key order, so two requests
    // sharing keys never deadlock, and nothing moves unless every budget allows the action.
    return inTransaction(db, async (tx) => {
      const keys = [...new Set(budgets.map((budget) => budget.key))].sort();
      const cells = await selectRateCellsForUpdate(tx, keys);
      const next = new Map<string, number>();
      let wait = 0;
      for (const budget of budgets) {
        const intervalMs = this.intervalMs(budget);
        const tat = Math.max(next.get(budget.key) ?? cells.get(budget.key) ?? now, now) + intervalMs;
        if (tat > now + budget.windowMs + clockAllowanceMs(intervalMs)) {
          wait = Math.max(wait, this.waitSeconds(tat - intervalMs, intervalMs, budget.windowMs, now));
        }
        next.set(budget.key, tat);
      }
      if (wait === 0) await updateRateCells(tx, next);
      return wait;
    });
  }

  /**
   * Spends `count` actions of one budget at once, or none: answers 0 when taken, otherwise the
   * seconds until the budget allows that many. A count above the whole (scaled) budget spends the
   * whole budget, so it can still pass once the budget is full.
   */
  async takeMany(db: Db, budget: Budget, count: number): Promise<number> {
    const cell = this.cellOf(budget, count);
    if (await takeRateCell(db, cell)) return 0;
    return this.waitAfterRefusal(db, cell);
  }

  /**
   * The cell a take of `count` actions of one budget spends now (rateCellTake), for a statement
   * that spends it itself. A count above the whole (scaled) budget spends the whole budget.
   */
  cellOf(budget: Budget, count = 1): RateCell {
    const actions = Math.min(count, Math.max(1, Math.round(budget.limit * this.scale())));
    return {
      key: budget.key,
      now: this.now(),
      intervalMs: this.intervalMs(budget) * actions,
      windowMs: budget.windowMs,
    };
  }

  /** The seconds until a cell whose take was refused allows it (read after the refusal). */
  async waitAfterRefusal(db: Db, cell: RateCell): Promise<number> {
    const tat = (await selectRateCell(db, cell.key)) ?? cell.now;
    return this.waitSeconds(tat, cell.intervalMs, cell.windowMs, cell.now);
  }

  /** Whole seconds (at least 1) until a cell at `tat` allows one more action. */
  private waitSeconds(tat: number, intervalMs: number, windowMs: number, now: number): number {
    return Math.max(1, Math.ceil((tat + intervalMs - windowMs - now) / 1000));
  }
}
