/** One choice of a list filter: 'all' (no filter) or one value. */
export type TFilterOption<TValue extends string> = { value: 'all' | TValue; label: string };

/** A list filter's choices: 'all' first, under its own label, then each value under its label, in the labels' order. */
export function filterOptions<TValue extends string>(
  allLabel: string,
  labels: Readonly<Record<TValue, string>>,
): readonly TFilterOption<TValue>[] {
  const values = Object.keys(labels) as TValue[];
  return [{ value: 'all', label: allLabel }, ...values.map((value) => ({ value, label: labels[value] }))];
}

/** Narrows a select's string value to one of the filter's values, so anything unexpected falls back to 'all'. */
export function toFilterValue<TValue extends string>(
  options: readonly TFilterOption<TValue>[],
  value: string,
): 'all' | TValue {
  return options.find((option) => option.value === value)?.value ?? 'all';
}
