/** A team card's member count, singular or plural. */
export function memberCountText(count: number): string {
  return `${count} ${count === 1 ? 'member' : 'members'}`;
}
