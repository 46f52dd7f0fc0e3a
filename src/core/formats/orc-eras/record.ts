import type { OrcDbRecord } from '../orc-db/record';
import type { OrcRecord } from '../orc/records';

/**
 * What one orc file contributes to the index, in either era: a YAML file of the file era (formats/orc), or every row
 * of one database file (formats/orc-db). Plain JSON, so it can be cached across sessions.
 */
export type OrcAnyRecord = OrcRecord | OrcDbRecord;
