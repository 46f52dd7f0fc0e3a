/** What a person has typed or picked in a form but not submitted yet: kept across hide/show (setState). */
export interface Draft {
  /** question id ('' for a one-question CRP) → chosen option id */
  choices: Record<string, string>;
  rationale: string;
  notes: string;
  future: boolean;
}

/** The webview's persisted UI state. Data is never stored here: the host re-sends it on every `ready`. */
export interface UiState {
  drafts: Record<string, Draft>;
  /** Keys of decisions the person folded away in the inbox. */
  collapsed: string[];
  scrollY: number;
  /** The decision a panel shows, so a panel restored after a reload finds it again. */
  focus?: string;
}

export function emptyDraft(): Draft {
  return { choices: {}, rationale: '', notes: '', future: false };
}

export function restoreState(saved: unknown): UiState {
  const s = (saved && typeof saved === 'object' ? saved : {}) as Partial<UiState>;
  return {
    drafts: s.drafts && typeof s.drafts === 'object' ? s.drafts : {},
    collapsed: Array.isArray(s.collapsed) ? s.collapsed.filter((k): k is string => typeof k === 'string') : [],
    scrollY: typeof s.scrollY === 'number' ? s.scrollY : 0,
    focus: typeof s.focus === 'string' ? s.focus : undefined,
  };
}
