import type { WorkItemBase } from '../../model/items';
import type { TokenTotals } from '../../model/tokens';
import type { InitiativeFields, PlanFields, StateFields, TaskFields } from './schemas';
import type { PhaseRow } from './timeline';
import type { InitiativeDecision, InitiativeProgress } from './initiative-view';

/** A normalised gate record, whichever of the two shapes state.yaml used. */
export interface GateRecord {
  readonly phase: string | null;
  readonly type: string | null;
  readonly decision: string | null;
  readonly rationale: string | null;
  readonly timestamp: string | null;
}

export interface OrcTask extends WorkItemBase {
  readonly system: 'orc';
  readonly kind: 'task';
  /** Folder name under .orc/tasks/ (the id orc uses on disk). */
  readonly dir: string;
  readonly description: string | null;
  readonly weight: string | null;
  readonly priority: string;
  readonly queue: string;
  readonly category: string;
  readonly initiativeId: string | null;
  readonly branch: string | null;
  readonly currentPhase: string | null;
  readonly blockedBy: readonly string[];
  readonly relatedTo: readonly string[];
  readonly blocks: readonly string[];
  readonly referencedBy: readonly string[];
  readonly blocked: boolean;
  readonly orphaned: boolean;
  readonly orphanReason: string | null;
  readonly requiresUiTesting: boolean;
  readonly resolved: boolean;
  readonly tokens: TokenTotals | null;
  readonly gates: readonly GateRecord[];
  readonly stateFile: string | null;
  readonly stateStatus: string | null;
  readonly planFile: string | null;
  /** The phase timeline: plan.yaml's phases merged with state.yaml's record of them. */
  readonly phases: readonly PhaseRow[];
  /** Every field task.yaml holds that validated, unknown ones included. */
  readonly fields: TaskFields;
  readonly state: StateFields | null;
  readonly plan: PlanFields | null;
}

export interface OrcInitiative extends WorkItemBase {
  readonly system: 'orc';
  readonly kind: 'initiative';
  readonly dir: string;
  readonly vision: string | null;
  readonly blockedBy: readonly string[];
  readonly blocks: readonly string[];
  readonly blocked: boolean;
  /** Tasks that name this initiative, and the ones its own `tasks` list names. */
  readonly taskIds: readonly string[];
  readonly progress: InitiativeProgress;
  /** Every initiative this one waits on, directly or not, blockers first, ending with this one. */
  readonly dependencyChain: readonly string[];
  /** Decisions in the spec's shape or orc's (`date`, `by`), normalised. */
  readonly decisions: readonly InitiativeDecision[];
  readonly fields: InitiativeFields;
}

export type OrcItem = OrcTask | OrcInitiative;
