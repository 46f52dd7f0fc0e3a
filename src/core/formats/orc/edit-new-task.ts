import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Document } from 'yaml';
import { textForEdit } from '../../io/byte-splice';
import { EditRefused, readForEdit, sha256, writeIfUnchanged, type PlannedWrite } from '../../io/guarded-edit';
import { readRegularBytes } from '../../io/open-regular';
import { MAX_STATE_FILE_BYTES, readStateTextIfAny } from '../../io/read-text';
import { loadYaml } from '../../yaml/fast-load';
import { setScalar } from '../../yaml/yaml-splice';
import { appendMapItem } from '../../yaml/yaml-splice-seq';
import { timestamp, type EditResult, type OrcEditContext } from './edit-context';
import { checkDependencies, normaliseIds } from './edit-dependencies';
import { checkFieldValue, edit } from './edit-task-fields';
import { mentionsUi } from './ui-testing';
import { DEFAULT_CATEGORY, DEFAULT_PRIORITY, DEFAULT_QUEUE } from './vocabulary';

export interface NewTask {
  readonly title: string;
  readonly description?: string;
  readonly weight?: string;
  readonly category?: string;
  readonly priority?: string;
  readonly queue?: string;
  readonly initiative?: string;
  readonly blockedBy?: readonly string[];
  readonly relatedTo?: readonly string[];
}

const TASK_DIR = /^TASK-(\d+)$/;

/**
 * The next free id the way orc picks it: one past the highest TASK-NNN folder, and past the counter in
 * .orc/local/sequences.yaml when orc keeps one (so an id orc already handed out is never reused).
 */
export async function nextTaskId(root: string): Promise<{ id: string; sequenceFile: string | null }> {
  const entries = await fs.readdir(path.join(root, '.orc', 'tasks'), { withFileTypes: true }).catch(() => []);
  let max = 0;
  for (const e of entries) { const m = TASK_DIR.exec(e.name); if (e.isDirectory() && m) max = Math.max(max, Number(m[1])); }
  const sequenceFile = path.join(root, '.orc', 'local', 'sequences.yaml');
  const seq = await readStateTextIfAny(sequenceFile).then((t) => (t === null ? null : loadYaml(t)),
    (err: Error) => { throw new EditRefused(`${err.message}; nothing was written`); });
  const stored = seq?.ok ? Number((seq.value as { prefixes?: Record<string, unknown> } | null)?.prefixes?._solo) : NaN;
  if (Number.isFinite(stored)) max = Math.max(max, stored);
  return { id: `TASK-${String(max + 1).padStart(3, '0')}`, sequenceFile: seq ? sequenceFile : null };
}

/** `orc new`: a task.yaml in a new .orc/tasks/<next id>/ folder, linked both ways to its initiative. */
export async function createTask(ctx: OrcEditContext, spec: NewTask): Promise<EditResult & { id: string }> {
  const title = spec.title.trim();
  const fields = { weight: spec.weight, category: spec.category ?? DEFAULT_CATEGORY, priority: spec.priority ?? DEFAULT_PRIORITY,
    queue: spec.queue ?? DEFAULT_QUEUE, title } as const;
  for (const [field, value] of Object.entries(fields)) {
    const bad = value === undefined ? null : checkFieldValue(field as keyof typeof fields, value);
    if (bad) throw new EditRefused(bad);
  }
  const initiative = spec.initiative?.trim() ? spec.initiative.trim().toUpperCase() : null;
  if (initiative && !ctx.initiatives.has(initiative)) throw new EditRefused(`no initiative ${initiative} in ${ctx.root}`);
  const { id, sequenceFile } = await nextTaskId(ctx.root);
  const blockedBy = normaliseIds(spec.blockedBy ?? []);
  const relatedTo = normaliseIds(spec.relatedTo ?? [], 'related_to');
  const warnings = [...checkDependencies(ctx, id, 'blocked_by', blockedBy), ...checkDependencies(ctx, id, 'related_to', relatedTo)];
  const now = timestamp(ctx.now());
  const body: Record<string, unknown> = { id, title };
  if (spec.description?.trim()) body.description = spec.description.trimEnd() + '\n';
  if (fields.weight) body.weight = fields.weight;
  // `branch` as orc's task.New sets it (`orc/<id>`): orc's executor names, pushes and deletes that branch.
  Object.assign(body, { status: 'created', branch: `orc/${id}`, queue: fields.queue, priority: fields.priority, category: fields.category });
  if (initiative) body.initiative_id = initiative;
  if (blockedBy.length) body.blocked_by = blockedBy;
  if (relatedTo.length) body.related_to = relatedTo;
  if (mentionsUi(title, spec.description)) body.requires_ui_testing = true;
  Object.assign(body, { created_at: now, created_by: userName(), updated_at: now });

  const file = path.join(ctx.root, '.orc', 'tasks', id, 'task.yaml');
  const writes: PlannedWrite[] = [{ file, sha256: null, text: new Document(body).toString({ lineWidth: 0 }) }];
  if (initiative) {
    const r = await readForEdit(ctx.initiatives.get(initiative)!.file);
    const text = edit(r.text, (t) => setScalar(appendMapItem(t, ['tasks'], { id, title, status: 'created' }, ['context_files', 'decisions']),
      ['updated_at'], now, ['created_at']));
    writes.push({ file: r.file, root: ctx.root, sha256: r.sha256, text });
  }
  if (sequenceFile) {
    const r = await readRegularBytes(sequenceFile, MAX_STATE_FILE_BYTES).then((read) => read.bytes);
    const n = Number(TASK_DIR.exec(id)![1]);
    writes.push({ file: sequenceFile, root: ctx.root, sha256: sha256(r), text: edit(textForEdit(r), (t) => setScalar(t, ['prefixes', '_solo'], n)) });
  }
  await writeIfUnchanged(writes);
  return { id, changed: writes.map((w) => w.file), warnings, summary: `created ${id}: ${title}` };
}

function userName(): string {
  try {
    return os.userInfo().username || 'baton';
  } catch {
    return 'baton';
  }
}
