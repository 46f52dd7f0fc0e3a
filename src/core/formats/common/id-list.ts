/** How many ids a message names before it counts the rest: a list in a message stays short whatever the input. */
export const IDS_SHOWN = 5;

/** `A, B, C, D, E and 129,995 more`: the first ids of a list, then how many are left out. */
export function someIds(ids: readonly string[], shown = IDS_SHOWN): string {
  if (ids.length <= shown) return ids.join(', ');
  return `${ids.slice(0, shown).join(', ')} and ${(ids.length - shown).toLocaleString('en-US')} more`;
}

/**
 * A dependency cycle as a message shows it: the whole path when it is short, else its length, first members and the
 * member that closes it (`of 10,000 tasks: A → B → C → D → E → … → Z → A`). Never the whole of a long cycle: one
 * through 10,000 tasks would be a message of 100 KB.
 */
export function cycleText(cycle: readonly string[], noun: string, shown = IDS_SHOWN): string {
  // A cycle path repeats its first member at the end.
  const members = cycle.length - 1;
  if (members <= shown + 2) return `: ${cycle.join(' → ')}`;
  return ` of ${members.toLocaleString('en-US')} ${noun}: ${cycle.slice(0, shown).join(' → ')} → … → ${cycle[members - 1]} → ${cycle[members]}`;
}

/** Up to this many problems of one kind in one field are reported one by one, at their own lines; more become one. */
export const REPORTED_ONE_BY_ONE = 20;
