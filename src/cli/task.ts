import path from 'node:path';
import { editContext } from '../core/formats/orc/edit-context';
import { setDependencies } from '../core/formats/orc/edit-dependencies';
import { setTaskInitiative } from '../core/formats/orc/edit-initiative-link';
import { createTask } from '../core/formats/orc/edit-new-task';
import { resolveTask } from '../core/formats/orc/edit-resolve';
import { setTaskField, TASK_FIELDS, type TaskField } from '../core/formats/orc/edit-task-fields';
import { EditRefused } from '../core/io/guarded-edit';
import { printable } from '../core/util/printable';
import { parse, UsageError } from './args';
import { dbTaskNew, dbTaskResolve, dbTaskSet, orcDatabaseOf } from './orc-db-cli';
import { openService } from './open-service';
import type { CliOutput } from './output';
import { showTask } from './task-show';


const SET_FIELDS = [...TASK_FIELDS, 'initiative', 'initiative_id', 'blocked_by', 'related_to'] as const;

/** `baton task …`: the orc edits of the extension, with the same validation; exit 1 with the reason when refused. */
export async function taskCommand(argv: string[], out: CliOutput): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'show') return showTask(rest, out);
  const { values, positionals } = parse(rest, {
    dir: { type: 'string' }, description: { type: 'string' }, weight: { type: 'string' }, category: { type: 'string' },
    priority: { type: 'string' }, queue: { type: 'string' }, initiative: { type: 'string' }, 'blocked-by': { type: 'string' },
    'related-to': { type: 'string' }, message: { type: 'string', short: 'm' }, home: { type: 'string' },
  });
  if (sub !== 'new' && sub !== 'set' && sub !== 'resolve') throw new UsageError(`task needs new, set, resolve or show${sub ? ` (not "${printable(sub)}")` : ''}`);
  checkArity(sub, positionals);
  const database = await orcDatabaseOf(path.resolve(values.dir ?? '.'), values.home);
  if (database) {
    // orc's database era: the same commands, run by orc itself (Baton never writes orc's database).
    const root = path.resolve(values.dir ?? '.');
    if (sub === 'new') return dbTaskNew(root, positionals[0]!, values, ids(values['blocked-by']), out);
    if (sub === 'resolve') return dbTaskResolve(root, positionals[0]!, values.message, out);
    const [id, field, value] = positionals as [string, string, string];
    return dbTaskSet(root, id, field, value, ids(value), out);
  }
  const { root, service } = await openService({ dir: values.dir, home: undefined, noCache: true });
  const ctx = editContext(root, service.items());
  try {
    let result;
    if (sub === 'new') {
      result = await createTask(ctx, { title: positionals[0]!, description: values.description, weight: values.weight, category: values.category,
        priority: values.priority, queue: values.queue, initiative: values.initiative, blockedBy: ids(values['blocked-by']), relatedTo: ids(values['related-to']) });
      out.line(printable(result.id));
    } else if (sub === 'resolve') {
      result = await resolveTask(ctx, positionals[0]!, values.message);
    } else {
      const [id, field, value] = positionals as [string, string, string];
      if (field === 'initiative' || field === 'initiative_id') result = await setTaskInitiative(ctx, id, value || null);
      else if (field === 'blocked_by' || field === 'related_to') result = await setDependencies(ctx, id, field, ids(value));
      else result = await setTaskField(ctx, id, field as TaskField, value);
    }
    for (const w of result.warnings) out.error(`warning: ${printable(w)}`);
    out.error(printable(result.summary));
    return 0;
  } catch (err) {
    if (err instanceof EditRefused) { out.error(`baton task ${sub}: ${printable(err.message)}`); return 1; }
    throw err;
  }
}

function checkArity(sub: 'new' | 'set' | 'resolve', positionals: readonly string[]): void {
  if (sub === 'new' && positionals.length !== 1) throw new UsageError('task new needs one TITLE (quote it)');
  if (sub === 'resolve' && positionals.length !== 1) throw new UsageError('task resolve needs a TASK-ID');
  if (sub === 'set') {
    if (positionals.length !== 3) throw new UsageError('task set needs TASK-ID FIELD VALUE');
    const field = positionals[1]!;
    if (!(SET_FIELDS as readonly string[]).includes(field)) throw new UsageError(`unknown field "${printable(field)}" (one of ${SET_FIELDS.join(', ')})`);
  }
}

/** `TASK-001,TASK-002` or space separated; an empty string is an empty list. */
function ids(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).filter(Boolean);
}
