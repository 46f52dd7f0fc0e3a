import * as z from 'zod';
import type { MdNode } from './markdown-nodes';
import { readyMessage } from './protocol';

/*
 * Messages between the host and the orc task detail panel. What the panel sends is untrusted: it is parsed with
 * `parseFromWebview(fromTaskDetail, …)` and carries names, never paths the host would open as they are — the
 * host resolves every name inside the task's own folder or the workspace, and checks edits like the palette does.
 */

const name = z.string().min(1).max(500);
const taskId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/);

/** A link in the description: a workspace-relative path (the host checks it stays inside the folder). */
export const openWorkspaceFileMessage = z.object({ type: z.literal('openWorkspaceFile'), path: z.string().min(1).max(4096) }).strict();
/** One of the task's own files, by role. */
export const openTaskFileMessage = z.object({ type: z.literal('openTaskFile'),
  which: z.enum(['task', 'state', 'plan', 'spec', 'review', 'finalization', 'report', 'htmlReport']) }).strict();
export const openTranscriptMessage = z.object({ type: z.literal('openTranscript'), name }).strict();
export const openAttachmentMessage = z.object({ type: z.literal('openAttachment'), filename: name }).strict();
export const openScreenshotMessage = z.object({ type: z.literal('openScreenshot'), name }).strict();
export const openTaskMessage = z.object({ type: z.literal('openTask'), id: taskId }).strict();
export const openInitiativeMessage = z.object({ type: z.literal('openInitiative'), id: taskId }).strict();
/** An http(s) link of the description; the host asks VS Code to open it (which asks the person). */
export const openExternalMessage = z.object({ type: z.literal('openExternal'),
  url: z.string().max(4096).refine((u) => /^https?:\/\//i.test(u), 'only http(s) links') }).strict();
export const setFieldMessage = z.object({ type: z.literal('setField'), field: z.enum(['priority', 'queue', 'category', 'weight']),
  value: z.string().min(1).max(100) }).strict();
export const setInitiativeMessage = z.object({ type: z.literal('setInitiative'), initiative: taskId.nullable() }).strict();
/** The host asks for the ids with a quick pick: the list is never taken from the page. */
export const editDependenciesMessage = z.object({ type: z.literal('editDependencies'), field: z.enum(['blocked_by', 'related_to']) }).strict();
export const resolveMessage = z.object({ type: z.literal('resolve') }).strict();
/** Run the task's remaining phases, or one phase of its plan (the host checks the name against plan.yaml). */
export const runMessage = z.object({ type: z.literal('run'), phase: name.optional() }).strict();
/** The other executor controls; each goes through the same command as the tree and the palette. */
export const runControlMessage = z.object({ type: z.literal('runControl'),
  action: z.enum(['pickPhase', 'resume', 'cancel', 'openInClaude', 'showTerminal']) }).strict();

/** A task of another worktree: open that worktree in a window of its own (the host takes the path from the task, never from the page). */
export const openPlaceMessage = z.object({ type: z.literal('openPlace') }).strict();

export const fromTaskDetail = z.discriminatedUnion('type', [readyMessage, openWorkspaceFileMessage, openTaskFileMessage,
  openTranscriptMessage, openAttachmentMessage, openScreenshotMessage, openTaskMessage, openInitiativeMessage, openExternalMessage,
  setFieldMessage, setInitiativeMessage, editDependenciesMessage, resolveMessage, runMessage, runControlMessage, openPlaceMessage]);
export type FromTaskDetail = z.infer<typeof fromTaskDetail>;

/* Host → panel. The host is trusted; these types keep both sides in step. */

export interface TaskRef { readonly id: string; readonly title: string | null; readonly status: string | null; readonly exists: boolean }

export interface TokenView {
  readonly input: number | null; readonly output: number | null; readonly cacheCreation: number | null;
  readonly cacheRead: number | null; readonly effectiveInput: number | null; readonly total: number;
}

export interface PhaseView {
  readonly name: string; readonly type: string | null; readonly status: string; readonly inPlan: boolean; readonly current: boolean;
  readonly iterations: number | null; readonly maxIterations: number | null; readonly startedAt: string | null;
  readonly completedAt: string | null; readonly duration: string | null; readonly checkpoint: string | null;
  readonly artifacts: readonly string[]; readonly filesChanged: readonly string[]; readonly error: string | null;
  readonly completionCriteria: readonly string[]; readonly gateType: string | null;
  readonly gates: readonly { readonly type: string | null; readonly decision: string | null; readonly rationale: string | null; readonly timestamp: string | null }[];
  readonly tokens: TokenView | null; readonly costUsd: number | null;
}

/** Spending from orc's cost ledger (the database era): one row per phase and model. */
export interface CostsView {
  /** The global database the figures come from (shown as text). */
  readonly source: string | null;
  readonly total: { readonly costUsd: number; readonly tokens: number; readonly entries: number; readonly durationMs: number };
  readonly rows: readonly { readonly phase: string; readonly model: string; readonly costUsd: number; readonly tokens: TokenView;
    readonly entries: number; readonly durationMs: number; readonly iterations: number | null; readonly lastAt: string | null }[];
}

/** A workflow run of a database-era task, with its phases as the run recorded them. */
export interface RunView {
  readonly id: string; readonly workflowId: string | null; readonly status: string | null; readonly startedAt: string | null;
  readonly completedAt: string | null; readonly error: string | null;
  readonly phases: readonly { readonly phase: string; readonly status: string | null; readonly iterations: number | null; readonly commitSha: string | null;
    readonly error: string | null }[];
}

export interface TestCaseView { readonly name: string; readonly status: string; readonly duration: number | null; readonly error: string | null; readonly screenshots: readonly string[] }

export interface TaskDetailView {
  /** `file`: the task's YAML files; `db`: orc's database (no task files: the file links are not shown). */
  readonly era: 'file' | 'db';
  /** The database a `db` task was read from (text only). */
  readonly database: string | null;
  readonly costs: CostsView | null;
  readonly runs: readonly RunView[];
  readonly id: string; readonly title: string; readonly status: string; readonly weight: string | null;
  readonly priority: string; readonly category: string; readonly queue: string; readonly branch: string | null;
  /**
   * Where orc runs the task (the database era's `worktree_path`, as written; text only): `other` names the other
   * worktree of this repository it is ("wt-b (agent-b)") when Baton reads that worktree.
   */
  readonly worktree: { readonly path: string; readonly other: string | null } | null;
  readonly initiative: { readonly id: string; readonly title: string | null } | null;
  readonly currentPhase: string | null; readonly description: string | null;
  /** The Markdown fields parsed by the host (`pageMarkdown`, with the known task ids linked): the page renders these. */
  readonly md: { readonly description: MdNode[] | null };
  readonly blockedBy: readonly TaskRef[]; readonly blocks: readonly TaskRef[]; readonly relatedTo: readonly TaskRef[]; readonly referencedBy: readonly TaskRef[];
  readonly blocked: boolean; readonly orphaned: boolean; readonly orphanReason: string | null;
  readonly resolved: boolean; readonly resolvedAt: string | null; readonly resolutionMessage: string | null;
  readonly session: { readonly id: string | null; readonly model: string | null; readonly status: string | null; readonly turnCount: number | null } | null;
  readonly execution: { readonly hostname: string | null; readonly pid: number | null; readonly lastHeartbeat: string | null } | null;
  readonly startedAt: string | null; readonly totalDuration: string | null; readonly currentIteration: number | null;
  readonly costUsd: number | null; readonly tokens: TokenView | null;
  readonly phases: readonly PhaseView[]; readonly hasPlan: boolean;
  readonly transcripts: readonly { readonly name: string; readonly phase: string | null; readonly iteration: number | null; readonly timestamp: string | null;
    readonly duration: string | null; readonly tokens: number | null; readonly status: string | null }[];
  readonly attachments: readonly { readonly filename: string; readonly size: number; readonly contentType: string; readonly createdAt: string;
    readonly isImage: boolean; readonly thumbnail: string | null }[];
  readonly testReport: { readonly framework: string | null; readonly durationMs: number | null;
    readonly summary: { readonly total: number; readonly passed: number; readonly failed: number; readonly skipped: number };
    readonly suites: readonly { readonly name: string; readonly passed: number; readonly failed: number; readonly skipped: number; readonly tests: readonly TestCaseView[] }[];
    readonly coverage: { readonly percentage: number | null; readonly lines: number | null; readonly branches: number | null } | null;
    readonly screenshots: readonly { readonly name: string; readonly uri: string | null }[]; readonly hasHtmlReport: boolean } | null;
  readonly spec: { readonly title: string | null; readonly criteriaDone: number; readonly criteriaTotal: number } | null;
  readonly review: { readonly verdict: string | null; readonly tests: readonly string[];
    readonly findings: readonly { readonly severity: string; readonly items: readonly string[]; readonly md: { readonly items: MdNode[][] } }[] } | null;
  readonly finalization: { readonly risk: string | null; readonly readyForMerge: string | null; readonly recommendedAction: string | null;
    readonly summary: readonly (readonly [string, string])[] } | null;
  readonly comments: readonly { readonly id: string; readonly author: string; readonly authorType: string; readonly content: string;
    readonly phase: string | null; readonly createdAt: string; readonly md: { readonly content: MdNode[] } }[];
  readonly commentStats: { readonly total: number; readonly human: number; readonly agent: number; readonly system: number };
  readonly problems: readonly { readonly file: string; readonly line: number | null; readonly severity: string; readonly message: string }[];
  readonly hasState: boolean;
  /** False in an untrusted workspace: the edit controls are shown disabled, with the reason. */
  readonly editable: boolean;
  /**
   * A task of another worktree or ref (absent or null: the folder's own): where it lives, shown at the top as text,
   * and why it is read-only there (the page shows no edit, run or answer control, only this).
   */
  readonly where?: WhereView | null;
  /** Why Run and Resume cannot start here (the Claude CLI is missing or not executable), or null/absent when they can:
   *  the controls are shown disabled with it as their description and hover. */
  readonly runBlocked?: string | null;
  readonly choices: { readonly priority: readonly string[]; readonly queue: readonly string[]; readonly category: readonly string[];
    readonly weight: readonly string[]; readonly initiatives: readonly { readonly id: string; readonly title: string }[] };
}

export interface WhereView {
  readonly kind: 'worktree' | 'ref';
  /** "In the worktree /abs/wt-b (branch agent-b)" or "Committed on origin/feature-a — read from git, nothing checked out". */
  readonly text: string;
  /** Why nothing can be changed or run from here, and where it can. */
  readonly readOnly: string;
}

export type ToTaskDetail =
  | { readonly type: 'detail'; readonly view: TaskDetailView }
  | { readonly type: 'gone'; readonly id: string }
  | { readonly type: 'notice'; readonly level: 'info' | 'error'; readonly message: string }
  | { readonly type: 'edited'; readonly edit: DetailEdited };

/**
 * A field edit from the panel that landed: shown beside the controls with Undo, which sends the edit back to `from`
 * (only when `from` is a value the same message can set again).
 */
export interface DetailEdited {
  readonly field: 'priority' | 'queue' | 'category' | 'weight' | 'initiative';
  readonly from: string | null;
  readonly to: string | null;
}
