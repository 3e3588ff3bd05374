/** The select value that stands for "nobody" (radix Select items cannot have an empty value). */
export const NONE_VALUE = 'none';

/** A select value back to the id PATCH expects: null for the "nobody" option. */
export function idFromSelectValue(value: string): string | null {
  return value === NONE_VALUE ? null : value;
}
