import type { OrcItem } from '../formats/orc/model';
import type { DecisionBase } from './items';

/** Every item any view shows. Each system adds its members here as its reader lands. */
export type WorkItem = OrcItem;

/** Every pending question a person is asked to answer. */
export type Decision = DecisionBase;
