import type { z } from 'zod';

/**
 * zod without zod for values that plainly fit (issue 18: zod cost about a tenth of a cold scan of 10,000 orc tasks).
 *
 * `plainParse(schema, value)` gives exactly what `schema.safeParse(value).data` gives — new objects and arrays built
 * in the same key order, unknown fields passed through as zod passes them — when the value fits the schema without
 * any transform, check or coercion; otherwise it says NOT_PLAIN and the caller asks zod, which also explains what
 * does not fit. It knows the few kinds of schema Baton's file schemas are made of (loose objects, records, arrays,
 * unions, nullish, string, number, boolean, unknown); a schema with anything else (a transform, a check such as
 * `.int()`, a default) is never walked: zod reads every value of it. test/unit/formats/plain-parse.test.ts compares
 * the two on every file schema with random and hostile values.
 */
export const NOT_PLAIN: unique symbol = Symbol('not plain');

/**
 * The same switch as the machine-written YAML reader (yaml/fast-load.ts): BATON_YAML_FAST_PATH=off reads every file
 * the full way, js-yaml then zod, to compare the fast path with it on a whole workspace. Not a setting.
 */
const ENABLED = process.env.BATON_YAML_FAST_PATH !== 'off';

/** A schema compiled to what plainParse walks (once per schema). `never`: a kind plainParse does not read. */
type Plan =
  | { readonly kind: 'string' | 'number' | 'boolean' | 'unknown' | 'never' }
  | { readonly kind: 'optional' | 'nullable'; readonly inner: Plan }
  | { readonly kind: 'array'; readonly element: Plan }
  | { readonly kind: 'record'; readonly value: Plan }
  | { readonly kind: 'union'; readonly options: readonly Plan[] }
  | { readonly kind: 'object'; readonly keys: readonly string[]; readonly fields: readonly Plan[];
      /** Whether an absent key is allowed (zod: optin and optout both "optional"). */
      readonly optional: readonly boolean[]; readonly known: ReadonlySet<string>; readonly loose: boolean };

/** What a walk gives when the value does not fit: zod would report an issue (or it is not ours to decide). */
const MISFIT = Symbol('misfit');
/** Thrown through a walk when a union reaches an option plainParse cannot read: only zod knows the answer. */
const UNSURE = Symbol('unsure');

const plans = new WeakMap<z.ZodType, Plan>();

export function plainParse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> | typeof NOT_PLAIN {
  if (!ENABLED) return NOT_PLAIN;
  try {
    const out = walk(planOf(schema), value);
    return out === MISFIT ? NOT_PLAIN : out as z.infer<S>;
  } catch (err) {
    if (err === UNSURE) return NOT_PLAIN;
    throw err;
  }
}

/** zod's internals as plainParse reads them (zod v4's `_zod.def`, `optin`, `optout`). */
interface Internals {
  readonly def: { readonly type: string; readonly checks?: readonly unknown[]; readonly coerce?: boolean; readonly innerType?: z.ZodType;
    readonly element?: z.ZodType; readonly options?: readonly z.ZodType[]; readonly keyType?: z.ZodType; readonly valueType?: z.ZodType;
    readonly shape?: Record<string, z.ZodType>; readonly catchall?: z.ZodType; readonly mode?: string };
  readonly optin?: string;
  readonly optout?: string;
}

function internals(schema: z.ZodType): Internals {
  return (schema as unknown as { _zod: Internals })._zod;
}

function planOf(schema: z.ZodType): Plan {
  let plan = plans.get(schema);
  if (!plan) {
    // A placeholder first: a schema that refers to itself (z.lazy) is not read, and must not recurse forever here.
    plans.set(schema, { kind: 'never' });
    plans.set(schema, plan = compile(schema));
  }
  return plan;
}

const NEVER: Plan = { kind: 'never' };

function compile(schema: z.ZodType): Plan {
  const { def } = internals(schema);
  if (def.checks?.length || def.coerce) return NEVER;
  switch (def.type) {
    case 'string': case 'number': case 'boolean': case 'unknown':
      return { kind: def.type };
    case 'optional': case 'nullable':
      return def.innerType ? { kind: def.type, inner: planOf(def.innerType) } : NEVER;
    case 'array':
      return def.element ? { kind: 'array', element: planOf(def.element) } : NEVER;
    case 'union':
      return def.options ? { kind: 'union', options: def.options.map(planOf) } : NEVER;
    case 'record': {
      // Only string keys of any text: other key schemas (enums, patterns, numbers) decide which keys count.
      if (!def.keyType || !def.valueType || def.mode !== undefined && def.mode !== 'strict') return NEVER;
      const key = internals(def.keyType).def;
      return key.type === 'string' && !key.checks?.length && !key.coerce ? { kind: 'record', value: planOf(def.valueType) } : NEVER;
    }
    case 'object': {
      const shape = def.shape ?? {};
      const keys = Object.keys(shape);
      // zod looks a shape key up through the prototype chain (`key in input`): one that Object.prototype has is not read.
      if (Object.getOwnPropertySymbols(shape).length || keys.some((k) => k in Object.prototype)) return NEVER;
      // No catchall: unknown keys are dropped; an unknown() catchall (looseObject) keeps them as they are.
      const loose = def.catchall !== undefined;
      if (loose && internals(def.catchall!).def.type !== 'unknown') return NEVER;
      const optional: boolean[] = [];
      for (const k of keys) {
        const { optin, optout } = internals(shape[k]!);
        if (optin === 'optional' && optout === 'optional') optional.push(true);
        else if (optin === undefined && optout === undefined) optional.push(false);
        else return NEVER; // defaults and other mixes: zod's rules for absent keys differ
      }
      return { kind: 'object', keys, fields: keys.map((k) => planOf(shape[k]!)), optional, known: new Set(keys), loose };
    }
    default:
      return NEVER;
  }
}

function walk(plan: Plan, value: unknown): unknown {
  switch (plan.kind) {
    case 'string': return typeof value === 'string' ? value : MISFIT;
    case 'number': return typeof value === 'number' && Number.isFinite(value) ? value : MISFIT;
    case 'boolean': return typeof value === 'boolean' ? value : MISFIT;
    case 'unknown': return value;
    case 'never': throw UNSURE;
    case 'optional':
      // An undefined value is never read from a file (zod's rules for it differ between positions): zod's to judge.
      if (value === undefined) throw UNSURE;
      return walk(plan.inner, value);
    case 'nullable': return value === null ? null : walk(plan.inner, value);
    case 'array': {
      if (!Array.isArray(value)) return MISFIT;
      const out = new Array<unknown>(value.length);
      for (let i = 0; i < value.length; i++) {
        if (!(i in value)) throw UNSURE; // a hole: not a value YAML or JSON gives
        const v = walk(plan.element, value[i]);
        if (v === MISFIT) return MISFIT;
        out[i] = v;
      }
      return out;
    }
    case 'union':
      // zod takes the first option that fits; an option it alone can judge makes the answer zod's.
      for (const option of plan.options) {
        const v = walk(option, value);
        if (v !== MISFIT) return v;
      }
      return MISFIT;
    case 'record': {
      if (!isObject(value)) return MISFIT;
      // zod lists a record's own keys, symbols included (which a string key schema refuses).
      if (!isPlainRecord(value) || Object.getOwnPropertySymbols(value).length) throw UNSURE;
      const out: Record<string, unknown> = {};
      for (const key in value) {
        const v = walk(plan.value, value[key]);
        if (v === MISFIT) return MISFIT;
        out[key] = v;
      }
      return out;
    }
    case 'object': {
      if (!isObject(value)) return MISFIT;
      if (!isPlainRecord(value)) throw UNSURE;
      const out: Record<string, unknown> = {};
      const { keys, fields, optional } = plan;
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        if (!Object.prototype.hasOwnProperty.call(value, key)) {
          if (optional[i]) continue;
          return MISFIT;
        }
        const v = walk(fields[i]!, value[key]);
        if (v === MISFIT) return MISFIT;
        out[key] = v;
      }
      if (plan.loose) {
        for (const key in value) if (!plan.known.has(key)) out[key] = value[key];
      }
      return out;
    }
  }
}

/** What zod reads as an object at all (a record too, before its own plain-object test). */
function isObject(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * An object made by a YAML or JSON reader (prototype Object or none), with neither of the keys zod treats apart: an
 * own `__proto__` (skipped by zod, a prototype to an assignment) or `constructor` (zod's plain-object test reads it).
 * Anything else is zod's to judge.
 */
function isPlainRecord(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as unknown;
  return (proto === Object.prototype || proto === null)
    && !Object.prototype.hasOwnProperty.call(value, '__proto__') && !Object.prototype.hasOwnProperty.call(value, 'constructor');
}
