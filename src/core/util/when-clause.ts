/**
 * Evaluates the subset of VS Code's `when` clause language that Baton's view contributions use — context keys,
 * `!`, `&&`, `||` and parentheses — against known key values (a key not given is false). The extension uses it to
 * know which of its views the workbench shows (the activity-bar badge must sit on a shown view), and tests use it
 * to hold package.json's clauses to the keys Baton sets. Anything else (`==`, `=~`, `in`) is refused loudly.
 */
export function evaluateWhen(clause: string | undefined, keys: Readonly<Record<string, unknown>>): boolean {
  if (clause === undefined || clause.trim() === '') return true;
  const tokens = clause.match(/\s*(\(|\)|&&|\|\||!|[A-Za-z_][\w.-]*|\S+)/g)?.map((t) => t.trim()) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const fail = (): never => { throw new Error(`unsupported when clause: ${clause}`); };
  const primary = (): boolean => {
    const t = tokens[at++];
    if (t === '!') return !primary();
    if (t === '(') { const v = or(); if (tokens[at++] !== ')') fail(); return v; }
    if (t === 'true') return true;
    if (t === 'false') return false;
    if (t === undefined || !/^[A-Za-z_][\w.-]*$/.test(t)) fail();
    return Boolean(keys[t!]);
  };
  const and = (): boolean => { let v = primary(); while (peek() === '&&') { at++; const r = primary(); v = v && r; } return v; };
  const or = (): boolean => { let v = and(); while (peek() === '||') { at++; const r = and(); v = v || r; } return v; };
  const value = or();
  if (at !== tokens.length) fail();
  return value;
}
