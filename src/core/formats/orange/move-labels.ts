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

/**
 * Moves out of `stuck` and `reviewing` are a person's judgement on the agent's work: the form asks why, and the
 * reason goes into history.jsonl's `status.changed` event (the field orange's own events use for their reasons).
 */
export function moveNeedsReason(from: string): boolean {
  return from === 'stuck' || from === 'reviewing';
}

/** `done` and `cancelled` are terminal in orange's workflow: no move leads out of them, so the form confirms first. */
export function isIrreversibleMove(to: string): boolean {
  return to === 'done' || to === 'cancelled';
}
