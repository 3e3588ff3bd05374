/**
 * Polls until `check` holds, or fails the test after `ms`: for what happens in the background (a
 * worker's round, a notification another connection hears a moment after a commit).
 */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  ms = 5_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${ms} ms`);
    await Bun.sleep(10);
  }
}
