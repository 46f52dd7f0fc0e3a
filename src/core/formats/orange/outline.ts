// The shape of a TASK.md body as a reader of its Markdown sees it: made by sections.ts (markdown-it) and by
// plain-outline.ts (the fast path for plain bodies), which must give the same.

/** One `## Name` section of a TASK.md body. Lines are 0-based within the body. */
export interface BodySection {
  readonly name: string;
  /** The heading's line. */
  readonly headingLine: number;
  /** First line after the heading, and the line where the next section (or the end) starts. */
  readonly start: number;
  readonly end: number;
  /** The section's lines as written. */
  readonly lines: readonly string[];
  /** The same lines with code blocks blanked out: fields are looked for here only. */
  readonly prose: readonly string[];
  /** Top-level list items of the section (the questions of `## Questions`). */
  readonly items: readonly SectionListItem[];
}

export interface SectionListItem {
  /** The item's first paragraph, without a task-list box. */
  readonly text: string;
  /** `- [x]`: ticked; `- [ ]`: not; plain items: null. */
  readonly checked: boolean | null;
  readonly line: number;
  /** The line after the item's last line. */
  readonly end: number;
}

/** A heading as a reader of the Markdown sees it (any nesting, outside code). Lines are 0-based within the body. */
export interface VisibleHeading {
  readonly level: number;
  readonly text: string;
  readonly line: number;
}

/** What a person reading the body as Markdown sees: its `##` sections, its headings, and where code blocks are. */
export interface MarkdownOutline {
  readonly sections: readonly BodySection[];
  readonly headings: readonly VisibleHeading[];
  /** Fenced and indented code blocks at any depth, as [first line, line after the last). */
  readonly codeBlocks: readonly (readonly [number, number])[];
  /** The first line of the body's first paragraph (what describes a task that has no summary), or null. */
  readonly lead: string | null;
}
