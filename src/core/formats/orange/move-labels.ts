/** How a move reads to a person, from the status it leaves (pickers, the inbox form). */
export function moveLabel(from: string, to: string): string {
  if (from === 'clarification' && to === 'working') return 'Answer and resume work';
  if (from === 'clarification' && to === 'planning') return 'Answer and go back to planning';
  if (from === 'reviewing' && to === 'done') return 'Accept: mark done (merged)';
  if (from === 'reviewing' && to === 'working') return 'Request changes: back to working';
  if (from === 'stuck' && to === 'working') return 'Retry: back to working';
  if (from === 'stuck' && to === 'planning') return 'Retry from planning';
  if (from === 'stuck' && to === 'agent-review') return 'Send to agent review again';
  if (from === 'stuck' && to === 'reviewing') return 'Fixed by hand: ready for your review';
  if (to === 'cancelled') return 'Cancel the task';
  if (to === 'stuck') return 'Mark stuck';
  return `Move to ${to}`;
}

/** The move a form preselects: going on with the work where the gates allow it. */
export function preferredMove(from: string, moves: readonly string[]): string | null {
  const order = from === 'reviewing' ? ['done', 'working'] : ['working', 'planning', 'agent-review'];
  return order.find((m) => moves.includes(m)) ?? moves.find((m) => m !== 'cancelled') ?? moves[0] ?? null;
}
