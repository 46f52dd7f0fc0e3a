import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { IntentsFileRecord } from '../src/core/formats/intents/model';
import { compileScopeEntry } from '../src/core/formats/intents/scope';
import { OrchestrationService } from '../src/core/service/orchestration-service';
import { CACHE_DIR } from './lib/cache';
import type { Measurement } from './lib/measurement';

const INTENTS = 1000;
const PATTERNS = 20;
const MAP_ROWS = 10_000;
const RECIPE = 'owner-lookup-v1';
const TARGETS = { lookupUs: 10, speedup: 10 };

/**
 * 1,000 intents × 20 owned_scope entries (10 globs, 5 folders, 5 files per intent, each intent in its own module)
 * and a 10,000-row intent_map.md, as `.orchestration/` in a cached folder.
 */
export function ownerLookupWorkspace(log: (s: string) => void): string {
  const root = path.join(CACHE_DIR, `intents-${INTENTS}x${PATTERNS}`);
  const stamp = path.join(root, '.recipe');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === RECIPE) return root;
  rmSync(root, { recursive: true, force: true });
  mkdirSync(path.join(root, '.orchestration'), { recursive: true });
  const lines = ['intents:'];
  for (let i = 0; i < INTENTS; i++) {
    lines.push(`  - id: INT-${String(i).padStart(4, '0')}`, `    name: Intent ${i}`, '    status: IN_PROGRESS', '    owned_scope:');
    for (let k = 0; k < 10; k++) lines.push(`      - "src/mod${i}/part${k}/**/*.ts"`);
    for (let k = 0; k < 5; k++) lines.push(`      - src/mod${i}/dir${k}`);
    for (let k = 0; k < 5; k++) lines.push(`      - src/mod${i}/file${k}.ts`);
    lines.push('    acceptance_criteria:', '      - it works');
  }
  writeFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), lines.join('\n') + '\n');
  const rows = ['# Intent map', '', '| File Path | Owning Intent ID | Last Modified By Intent ID | Content Hash |', '| :-- | :-- | :-- | :-- |'];
  for (let r = 0; r < MAP_ROWS; r++) {
    const owner = `INT-${String(r % INTENTS).padStart(4, '0')}`;
    rows.push(`| \`src/mapped/m${r}.ts\` | \`${owner}\` | \`${owner}\` | \`sha256:${r.toString(16).padStart(64, '0')}\` |`);
  }
  writeFileSync(path.join(root, '.orchestration', 'intent_map.md'), rows.join('\n') + '\n');
  writeFileSync(stamp, RECIPE);
  log(`generated ${INTENTS} intents × ${PATTERNS} scope entries and a ${MAP_ROWS}-row intent map in ${path.relative(process.cwd(), root)}`);
  return root;
}

/** Files to look up: owned by a glob, a folder, a file entry, the map, and owned by nothing. */
export function ownerLookupFiles(count: number): string[] {
  const out: string[] = [];
  for (let n = 0; n < count; n++) {
    const i = (n * 7919) % INTENTS;
    switch (n % 5) {
      case 0: out.push(`src/mod${i}/part${n % 10}/deep/x${n}.ts`); break;
      case 1: out.push(`src/mod${i}/dir${n % 5}/y${n}.js`); break;
      case 2: out.push(`src/mod${i}/file${n % 5}.ts`); break;
      case 3: out.push(`src/mapped/m${n % MAP_ROWS}.ts`); break;
      default: out.push(`lib/unowned/z${n}.ts`);
    }
  }
  return out;
}

/**
 * Owner lookup per file (CodeLens, Explorer badges and `baton owner` ask it for every file shown) with the
 * product's ownership index, against compiling every intent's scope matchers on every call.
 */
export const measurement: Measurement = {
  name: 'owner-lookup',
  description: `owner of a file among ${INTENTS} intents × ${PATTERNS} scope entries and a ${MAP_ROWS}-row intent map: the ownership index vs compiling matchers per call`,
  async run(log) {
    const root = ownerLookupWorkspace(log);
    const service = new OrchestrationService({ folders: [{ root }] });
    await service.scan();
    const record = service.records('intents').map((r) => r.record as { kind: string }).find((r) => r.kind === 'intents') as IntentsFileRecord | undefined;
    if (!record || record.intents.length !== INTENTS) throw new Error(`the generated intents file read as ${record?.intents.length ?? 0} intents`);

    const files = ownerLookupFiles(20_000);
    const built = process.hrtime.bigint();
    service.intents.ownersOf(root, files[0]!); // the index is built on the first lookup after a change
    const buildMs = Number(process.hrtime.bigint() - built) / 1e6;
    let owned = 0;
    for (const f of files.slice(0, 1000)) service.intents.ownersOf(root, f); // warm-up
    const start = process.hrtime.bigint();
    for (const f of files) if (service.intents.ownersOf(root, f).length) owned++;
    const indexUs = Number(process.hrtime.bigint() - start) / 1e3 / files.length;

    // Naive: every entry compiled and tested on every call (and the map searched row by row).
    const entries = record.intents.flatMap((intent) => intent.scope.filter((e) => !e.refused && !e.negated).map((e) => ({ id: intent.fields.id, e })));
    const mapRecord = service.records('intents').map((r) => r.record as { kind: string; rows?: { file: string; owner?: string }[] }).find((r) => r.kind === 'map');
    const naiveFiles = files.slice(0, 25);
    const naiveStart = process.hrtime.bigint();
    let naiveOwned = 0;
    for (const f of naiveFiles) {
      const owners = entries.filter(({ e }) => compileScopeEntry(e)(f)).map(({ id }) => id);
      const row = mapRecord?.rows?.find((r) => r.file === f);
      if (owners.length || row?.owner) naiveOwned++;
    }
    const naiveUs = Number(process.hrtime.bigint() - naiveStart) / 1e3 / naiveFiles.length;
    const indexOwnedOfSample = naiveFiles.filter((f) => service.intents.ownersOf(root, f).length).length;
    if (naiveOwned !== indexOwnedOfSample) throw new Error(`the naive lookup found ${naiveOwned} owned files of ${naiveFiles.length}, the index ${indexOwnedOfSample}`);
    service.dispose();
    log(`${owned} of ${files.length} looked-up files have an owner (4 in 5 by construction)`);
    const speedup = naiveUs / indexUs;
    return [
      { label: 'build the ownership index (once per change)', value: `${buildMs.toFixed(1)} ms` },
      { label: 'owner lookup per file, ownership index', value: `${indexUs.toFixed(2)} µs`, target: `≤ ${TARGETS.lookupUs} µs`, ok: indexUs <= TARGETS.lookupUs },
      { label: 'owner lookup per file, matchers compiled per call', value: `${naiveUs.toFixed(0)} µs` },
      { label: 'index vs compiled per call', value: `${speedup.toFixed(0)}× faster`, target: `≥ ${TARGETS.speedup}×`, ok: speedup >= TARGETS.speedup },
    ];
  },
};
