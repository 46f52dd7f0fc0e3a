import type { Intent } from './model';

/** The intents part of `baton scan --json` (CLI.md): the spec's fields in camelCase, plus the linked map files. */
export function intentItemJson(item: Intent): Record<string, unknown> {
  return {
    name: item.name, description: item.description, constraints: item.constraints, ownedScope: item.ownedScope,
    acceptanceCriteria: item.acceptanceCriteria, relatedSpecs: item.relatedSpecs, assignedAgent: item.assignedAgent,
    createdAt: item.createdAt, updatedAt: item.updatedAt,
    mappedFiles: item.mapRows.filter((r) => r.owner === item.id).map((r) => r.file),
    lastModified: item.mapRows.filter((r) => r.lastModifiedBy === item.id).map((r) => r.file),
    // The file marks it as the selected intent (`active_intent_id`); every field as written, the fork's own too.
    selected: item.selected,
    fields: item.fields,
  };
}
