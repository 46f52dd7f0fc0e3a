import { promises as fs } from 'node:fs';
import path from 'node:path';
import { resolveContained } from '../core/io/contained-path';
import { printableRow } from '../core/util/printable';
import { parse, UsageError } from './args';
import { openService } from './open-service';
import type { CliOutput } from './output';
import type { Elsewhere } from '../core/model/items';
import type { Owner } from '../core/service/ownership';
import { whereText } from '../core/places/where';
import { elsewhereJson } from '../core/report/scan-report';
import { placeOptions, placesOf } from './places-args';


/** `baton owner`: which intents own a file, from owned_scope and from the intent map. */
export async function ownerCommand(argv: string[], out: CliOutput): Promise<number> {
  const { values, positionals } = parse(argv, { root: { type: 'string' }, json: { type: 'boolean' }, 'no-cache': { type: 'boolean' }, ...placeOptions });
  const places = await placesOf(values);
  const target = positionals[0];
  if (!target) throw new UsageError('owner needs a FILE');
  const root = path.resolve(values.root ?? '.');
  if (!(await fs.stat(root).catch(() => undefined))?.isDirectory()) throw new UsageError(`not a folder: ${values.root}`);
  // CLI.md: FILE is relative to DIR, or absolute inside it.
  const rel = resolveContained(root, target);
  if (!rel.ok) throw new UsageError(rel.reason);
  const { service } = await openService({ dir: root, home: undefined, noCache: !!values['no-cache'], places });
  // Owners in other worktrees and on refs follow the folder's own, each saying where (none without the flags).
  const owners: (Owner & { elsewhere?: Elsewhere })[] = [...service.intents.ownersOf(root, rel.relative), ...service.places.ownersElsewhere(root, rel.relative)];
  service.dispose();
  if (values.json) {
    out.json(JSON.stringify({ file: rel.relative, owners: owners.map(({ elsewhere, ...o }) => ({ ...o, ...elsewhereJson(elsewhere) })) }, null, 2));
  } else if (!owners.length) out.line(printableRow`${rel.relative}: no owning intent`);
  else {
    for (const o of owners) {
      out.line(printableRow`${rel.relative}: ${o.intent} ${o.name} (via ${o.via}` + (o.pattern ? printableRow` ${o.pattern}` : '') + ')'
        + (o.elsewhere ? printableRow` ${whereText(o.elsewhere)}` : ''));
    }
  }
  return 0;
}
