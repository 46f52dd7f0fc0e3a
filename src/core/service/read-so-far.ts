/**
 * What a scan has read so far, told while it reads (OrchestrationService.onDidReadSoFar): a view with nothing to show
 * yet (a first start, no saved rows) can show what single files say by themselves before the scan has read, linked
 * and diffed everything. Nothing here is linked: what needs other files (a blocker's status, a problem across files)
 * is not known until the scan's own change.
 */
export type ReadSoFar =
  | {
    readonly kind: 'reading';
    readonly root: string;
    /** Files read (or taken from the index cache) by this scan so far. */
    readonly files: number;
    /**
     * The records of one system read so far, in the order read. No copy: the index's own entries, walked when
     * iterated (read them at once: the scan goes on after the listener returns). Records are never changed.
     */
    records(system: string): Iterable<{ readonly file: string; readonly record: unknown }>;
  }
  /** The scan of this folder failed: no change follows for it, so what was shown from its reading is not true now. */
  | { readonly kind: 'failed'; readonly root: string };

/** How often at most a scan tells what it read so far (the listeners decide how often they act on it). */
export const READ_SO_FAR_EVERY_MS = 100;
