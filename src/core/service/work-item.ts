import type { LinkOutput, SystemAdapter } from '../model/adapter';
import type { IntentsItem } from '../formats/intents/model';
import type { OrangeDecision, OrangeItem } from '../formats/orange/model';
import type { OrcGateDecision } from '../formats/orc/gate-decisions';
import type { OrcItem } from '../formats/orc/model';
import type { OrchestralDecision, OrchestralItem } from '../formats/orchestral/model';
import type { UltraworkItem } from '../formats/ultrawork/model';

/** Every item any view shows. Each system adds its members here as its reader lands. */
export type WorkItem = OrcItem | OrchestralItem | IntentsItem | OrangeItem | UltraworkItem;

/**
 * Every pending question a person is asked to answer, across systems (the "Needs you" inbox). Each system adds
 * its members here; views switch on `system` and `kind`.
 */
export type Decision = OrchestralDecision | OrangeDecision | OrcGateDecision;

/** An adapter as the service holds it: any system's, its items and decisions part of the unions above. */
export type AnyAdapter = SystemAdapter<unknown, WorkItem, Decision>;
export type AnyLinkOutput = LinkOutput<WorkItem, Decision>;
