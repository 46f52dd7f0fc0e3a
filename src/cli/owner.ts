import { promises as fs } from 'node:fs';
import path from 'node:path';
import { resolveContained } from '../core/io/contained-path';
import { printableRow } from '../core/util/printable';
import { parse, UsageError } from './args';
import { openService } from './open-service';
import type { CliOutput } from './output';


/** `baton owner`: which intents own a file, from owned_scope and from the intent map. */
export async function ownerCommand(argv: string[], out: CliOutput): Promise<number> {
  const { values, positionals } = parse(argv, { root: { type: 'string' }, json: { type: 'boolean' }, 'no-cache': { type: 'boolean' } });
  const target = positionals[0];
  if (!target) throw new UsageError('owner needs a FILE');
  const root = path.resolve(values.root ?? '.');
  if (!(await fs.stat(root).catch(() => undefined))?.isDirectory()) throw new UsageError(`not a folder: ${values.root}`);
  // CLI.md: FILE is relative to DIR, or absolute inside it.
  const rel = resolveContained(root, target);
  if (!rel.ok) throw new UsageError(rel.reason);
  const { service } = await openService({ dir: root, home: undefined, noCache: !!values['no-cache'] });
  const owners = service.intents.ownersOf(root, rel.relative);
  if (values.json) out.json(JSON.stringify({ file: rel.relative, owners }, null, 2));
  else if (!owners.length) out.line(printableRow`${rel.relative}: no owning intent`);
  else for (const o of owners) out.line(printableRow`${rel.relative}: ${o.intent} ${o.name} (via ${o.via}` + (o.pattern ? printableRow` ${o.pattern}` : '') + ')');
  return 0;
}
