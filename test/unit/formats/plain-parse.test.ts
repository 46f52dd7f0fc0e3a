import * as assert from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { writeOrcWorkspace } from '../../../bench/lib/orc-workspace';
import { NOT_PLAIN, plainParse } from '../../../src/core/formats/common/plain-parse';
import { OrcAdapter } from '../../../src/core/formats/orc-eras/adapter';
import * as intents from '../../../src/core/formats/intents/schemas';
import * as orange from '../../../src/core/formats/orange/schemas';
import * as orc from '../../../src/core/formats/orc/schemas';
import * as testReport from '../../../src/core/formats/orc/detail/test-report';
import * as orchestral from '../../../src/core/formats/orchestral/schemas';
import * as ultrawork from '../../../src/core/formats/ultrawork/schemas';
import { loadYaml } from '../../../src/core/yaml/fast-load';
import { TempWorkspace } from '../helpers/temp-workspace';
import { rng, type Rng } from '../yaml/orc-yaml-gen';

/** Every zod schema the format modules export, by name (every schema parseLenient is given). */
const SCHEMAS: [string, z.ZodType][] = Object.entries({ ...prefixed('intents', intents), ...prefixed('orange', orange),
  ...prefixed('orc', orc), ...prefixed('orchestral', orchestral), ...prefixed('ultrawork', ultrawork),
  ...prefixed('orc-test-report', testReport) });

function prefixed(name: string, mod: object): Record<string, z.ZodType> {
  const out: Record<string, z.ZodType> = {};
  for (const [k, v] of Object.entries(mod)) if (v && typeof v === 'object' && '_zod' in v) out[`${name}.${k}`] = v as z.ZodType;
  return out;
}

interface Def { type: string; innerType?: z.ZodType; element?: z.ZodType; options?: z.ZodType[]; valueType?: z.ZodType;
  shape?: Record<string, z.ZodType>; in?: z.ZodType }
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

const STRINGS = ['', 'TASK-001', 'running', '2026-01-01T00:00:00Z', '12', 'héllo', 'constructor', '__proto__', '1', 'x'.repeat(40)];
const NUMBERS = [0, -0, 1, -7, 3.5, 1e21, NaN, Infinity, -Infinity, 2 ** 53 + 2];
const KEYS = ['extra', 'x_y', '1', '0', '10', 'constructor', 'toString', 'status', 'id', 'phases'];

/** Any value a reader could give, and some no reader gives (each must be declined or read as zod reads it). */
function anyValue(r: Rng, depth: number): unknown {
  const x = r();
  if (x < 0.25) return pick(r, STRINGS);
  if (x < 0.4) return pick(r, NUMBERS);
  if (x < 0.48) return r() < 0.5;
  if (x < 0.56) return null;
  if (x < 0.58) return undefined;
  if (depth > 3) return 'deep';
  if (x < 0.68) return Array.from({ length: Math.floor(r() * 3) }, () => anyValue(r, depth + 1));
  if (x < 0.7) return [1, , 3]; // eslint-disable-line no-sparse-arrays
  if (x < 0.72) return new Date(0);
  if (x < 0.74) return JSON.parse('{"__proto__": {"a": 1}, "b": 2}') as unknown;
  if (x < 0.76) return Object.assign(Object.create(null) as object, { a: 'x' });
  if (x < 0.78) return { [Symbol('s')]: 1, a: 'x' };
  const o: Record<string, unknown> = {};
  for (let i = Math.floor(r() * 4); i > 0; i--) o[pick(r, KEYS)] = anyValue(r, depth + 1);
  return o;
}

/** A value shaped by the schema, with a wrong value here and there. */
function valueFor(r: Rng, schema: z.ZodType, depth = 0): unknown {
  if (r() < 0.06 || depth > 6) return anyValue(r, depth);
  const def = defOf(schema);
  switch (def.type) {
    case 'string': return pick(r, STRINGS);
    case 'number': return r() < 0.8 ? Math.floor(r() * 1000) : pick(r, NUMBERS);
    case 'boolean': return r() < 0.5;
    case 'optional': return valueFor(r, def.innerType!, depth);
    case 'nullable': return r() < 0.2 ? null : valueFor(r, def.innerType!, depth);
    case 'array': return Array.from({ length: Math.floor(r() * 4) }, () => valueFor(r, def.element!, depth + 1));
    case 'union': return valueFor(r, pick(r, def.options!), depth);
    case 'pipe': return def.in ? valueFor(r, def.in, depth) : anyValue(r, depth);
    case 'record': {
      const o: Record<string, unknown> = {};
      for (let i = Math.floor(r() * 4); i > 0; i--) o[pick(r, ['implement', 'test', '2', 'spec', pick(r, KEYS)])] = valueFor(r, def.valueType!, depth + 1);
      return o;
    }
    case 'object': {
      const o: Record<string, unknown> = {};
      // Unknown keys before and after the known ones: zod writes the known ones first.
      if (r() < 0.3) o[pick(r, KEYS)] = anyValue(r, depth + 1);
      for (const [k, field] of Object.entries(def.shape ?? {})) if (r() < 0.6) o[k] = valueFor(r, field, depth + 1);
      if (r() < 0.3) o[pick(r, KEYS)] = anyValue(r, depth + 1);
      return o;
    }
    default: return anyValue(r, depth);
  }
}

/** Asserts plainParse gives zod's value, keys in zod's order, or declines. Returns whether it read the value. */
function agrees(schema: z.ZodType, value: unknown, what: string): boolean {
  const plain = plainParse(schema, value);
  if (plain === NOT_PLAIN) return false;
  const zod = schema.safeParse(value);
  assert.ok(zod.success, `${what}: read a value zod refuses: ${String(JSON.stringify(value))}`);
  assert.deepStrictEqual(plain, zod.data, what);
  assert.strictEqual(JSON.stringify(plain), JSON.stringify(zod.data), `${what}: key order`);
  return true;
}

describe('plainParse: zod\'s value without zod', () => {
  it('gives exactly zod\'s value (or declines) on 20,000 random values of every file schema', () => {
    const r = rng(18);
    let read = 0;
    let total = 0;
    for (const [name, schema] of SCHEMAS) {
      for (let i = 0; i < Math.ceil(20000 / SCHEMAS.length); i++) {
        const value = valueFor(r, schema);
        if (agrees(schema, value, `${name} #${i}`)) read++;
        total++;
      }
    }
    // Not a vacuous pass: most shaped values are read without zod.
    assert.ok(read > total / 8, `${read} of ${total} read`);
  });

  it('reads every file of the benchmark\'s orc workspace without zod, to zod\'s value', async () => {
    const ws = new TempWorkspace();
    try {
      writeOrcWorkspace(ws.root, 300);
      const files = await new OrcAdapter().discover({ root: ws.root });
      const schemaOf = (f: string) => ({ 'task.yaml': orc.taskSchema, 'state.yaml': orc.stateSchema, 'plan.yaml': orc.planSchema,
        'initiative.yaml': orc.initiativeSchema } as Record<string, z.ZodType>)[path.basename(f)];
      let read = 0;
      for (const file of files) {
        const schema = schemaOf(file);
        const loaded = loadYaml(readFileSync(file, 'utf8'));
        if (!schema || !loaded.ok) continue;
        assert.ok(agrees(schema, loaded.value, file), `${file} was not read without zod`);
        read++;
      }
      assert.ok(read > 600, `${read} files`);
    } finally {
      ws.dispose();
    }
  });

  it('declines what only zod can judge: a transform, a check, values no reader gives', () => {
    const declined = (schema: z.ZodType, value: unknown) => assert.strictEqual(plainParse(schema, value), NOT_PLAIN, JSON.stringify(value));
    declined(orc.taskSchema, { id: 12 }); // a number read as text: zod's transform
    declined(orc.stateSchema, { execution: { pid: 5 } }); // .int()
    declined(orc.taskSchema, JSON.parse('{"__proto__": {"x": 1}}'));
    declined(orc.taskSchema, { constructor: 'x' });
    declined(orc.taskSchema, { id: undefined });
    declined(orc.taskSchema, { blocked_by: ['a', , 'b'] }); // eslint-disable-line no-sparse-arrays
    assert.notStrictEqual(plainParse(orc.taskSchema, { id: 'TASK-1', title: 't', extra: { a: 1 } }), NOT_PLAIN);
  });
});
