import os from 'node:os';
import path from 'node:path';
import { isMap, isSeq, type Document } from 'yaml';
import { appendIn, ensureMap, YamlStore } from './yaml-store';
import { setOrcGateAnswer, withOrcGateKeys } from '../formats/orc/gate-write';
import { formatDuration, parseDurationMs, stamp } from './time-format';
import { totalOf, type TokenLedger } from './token-ledger';

export interface GateEntry {
  readonly phase: string;
  readonly type: string;
  readonly decision: string;
  readonly rationale?: string | null;
  readonly timestamp: string;
}

/**
 * state.yaml and task.yaml as orc keeps them during a run. Each method is one update of the file (see
 * YamlStore): the executor's view of the run is written as it happens, so the editor, `baton scan` and orc
 * itself see the same thing.
 */
export class RunState {
  readonly state: YamlStore;
  readonly task: YamlStore;

  constructor(stateFile: string, taskFile: string, private readonly now: () => Date) {
    this.state = new YamlStore(stateFile);
    this.task = new YamlStore(taskFile);
  }

  async runStarted(phase: string, branch: string | null): Promise<void> {
    const at = stamp(this.now());
    await this.state.update((doc) => {
      // orc's file era saves a state to .orc/tasks/<task_id>/ and fills task_id from nothing else (state.go Save):
      // without it, its next save (orc approve, rewind, reset) lands in .orc/tasks/state.yaml.
      if (!doc.has('task_id') && isMap(doc.contents)) firstKey(doc, 'task_id', path.basename(path.dirname(this.state.file)));
      if (!doc.has('started_at')) doc.set('started_at', at);
      doc.set('status', 'running');
      doc.set('current_phase', phase);
      doc.deleteIn(['completed_at']);
      doc.setIn(['execution'], doc.createNode({ pid: process.pid, hostname: os.hostname(), started_at: at, last_heartbeat: at }));
      doc.set('updated_at', at);
    });
    await this.task.update((doc) => {
      doc.set('status', 'running');
      doc.set('current_phase', phase);
      if (branch) doc.set('branch', branch);
      doc.set('updated_at', at);
    });
  }

  heartbeat(): Promise<void> {
    const at = stamp(this.now());
    return this.state.update((doc) => {
      if (doc.hasIn(['execution'])) doc.setIn(['execution', 'last_heartbeat'], at);
    });
  }

  async phaseStarted(phase: string, resumed: boolean): Promise<void> {
    const at = stamp(this.now());
    await this.state.update((doc) => {
      doc.set('current_phase', phase);
      ensureMap(doc, ['phases', phase]);
      doc.setIn(['phases', phase, 'status'], 'running');
      if (!resumed || !doc.hasIn(['phases', phase, 'started_at'])) doc.setIn(['phases', phase, 'started_at'], at);
      doc.deleteIn(['phases', phase, 'completed_at']);
      doc.deleteIn(['phases', phase, 'error']);
      if (!resumed) doc.setIn(['phases', phase, 'iterations'], 0);
    });
    await this.task.update((doc) => { doc.set('current_phase', phase); doc.set('updated_at', at); });
  }

  iterationStarted(phase: string, iteration: number, session: { id: string; model: string | null; created: boolean }): Promise<void> {
    const at = stamp(this.now());
    return this.state.update((doc) => {
      doc.set('current_iteration', iteration);
      doc.setIn(['phases', phase, 'iterations'], iteration);
      if (session.created || doc.getIn(['session', 'id']) !== session.id) {
        doc.setIn(['session'], doc.createNode({ id: session.id, model: session.model ?? 'default', status: 'active', created_at: at, last_activity: at, turn_count: 0 }));
      } else {
        doc.setIn(['session', 'status'], 'active');
        doc.setIn(['session', 'last_activity'], at);
      }
      doc.set('updated_at', at);
    });
  }

  iterationEnded(phase: string, turns: number, filesChanged: readonly string[], ledger: TokenLedger, model: string | null): Promise<void> {
    const at = stamp(this.now());
    return this.state.update((doc) => {
      const before = doc.getIn(['session', 'turn_count']);
      doc.setIn(['session', 'turn_count'], (typeof before === 'number' ? before : 0) + turns);
      doc.setIn(['session', 'last_activity'], at);
      if (model) doc.setIn(['session', 'model'], model);
      const known = doc.getIn(['phases', phase, 'files_changed']);
      const merged = new Set([...stringsOf(known), ...filesChanged]);
      if (merged.size) doc.setIn(['phases', phase, 'files_changed'], doc.createNode([...merged].sort()));
      writeTokens(doc, ledger);
      doc.set('updated_at', at);
    });
  }

  filesChanged(phase: string, files: readonly string[]): Promise<void> {
    return this.state.update((doc) => { if (files.length) doc.setIn(['phases', phase, 'files_changed'], doc.createNode([...files].sort())); });
  }

  saveTokens(ledger: TokenLedger): Promise<void> {
    return this.state.update((doc) => writeTokens(doc, ledger));
  }

  checkpoint(phase: string, sha: string, final: boolean): Promise<void> {
    return this.state.update((doc) => {
      doc.setIn(['phases', phase, 'last_checkpoint'], sha);
      if (final) doc.setIn(['phases', phase, 'checkpoint'], sha);
      // orc's own phase state names the final commit `commit_sha` (state.go PhaseState).
      if (final) doc.setIn(['phases', phase, 'commit_sha'], sha);
    });
  }

  phaseEnded(phase: string, status: string, error: string | null, durationMs: number): Promise<void> {
    const at = stamp(this.now());
    return this.state.update((doc) => {
      doc.setIn(['phases', phase, 'status'], status);
      if (status === 'completed') doc.setIn(['phases', phase, 'completed_at'], at);
      else doc.setIn(['phases', phase, 'interrupted_at'], at);
      const before = parseDurationMs(doc.getIn(['phases', phase, 'duration']));
      doc.setIn(['phases', phase, 'duration'], formatDuration(before + durationMs));
      if (error) doc.setIn(['phases', phase, 'error'], error);
      doc.set('updated_at', at);
    });
  }

  recordGate(gate: GateEntry): Promise<void> {
    return this.state.update((doc) => appendIn(doc, ['gates'], withoutNulls(withOrcGateKeys({ ...gate }))));
  }

  /** A human gate answered while the run waited: its pending record gets the decision. */
  answerPendingGate(phase: string, decision: string, rationale: string | null): Promise<void> {
    const at = stamp(this.now());
    return this.state.update((doc) => {
      const gates = doc.get('gates', true) as { items?: unknown[] } | undefined;
      const items = gates?.items ?? [];
      for (let i = items.length - 1; i >= 0; i--) {
        if (doc.getIn(['gates', i, 'phase']) !== phase) continue;
        // Answered already (the inbox or `baton answer` wrote it; the host only passed it on): nothing to add.
        if (doc.getIn(['gates', i, 'decision']) === decision) return;
        if (doc.getIn(['gates', i, 'decision']) === 'pending') {
          doc.setIn(['gates', i, 'decision'], decision);
          if (rationale) doc.setIn(['gates', i, 'rationale'], rationale);
          setOrcGateAnswer(doc, i, decision, rationale);
          doc.setIn(['gates', i, 'timestamp'], at);
          return;
        }
        break;
      }
      appendIn(doc, ['gates'], withoutNulls(withOrcGateKeys({ phase, type: 'human', decision, rationale, timestamp: at })));
    });
  }

  async runEnded(status: string, taskStatus: string, error: string | null, startedAt: number): Promise<void> {
    const at = stamp(this.now());
    await this.state.update((doc) => {
      doc.set('status', status);
      doc.deleteIn(['execution']);
      if (doc.hasIn(['session'])) doc.setIn(['session', 'status'], status === 'completed' ? 'completed' : 'paused');
      if (status === 'completed') doc.set('completed_at', at);
      const before = parseDurationMs(doc.get('total_duration'));
      doc.set('total_duration', formatDuration(before + (this.now().getTime() - startedAt)));
      if (error) appendIn(doc, ['errors'], { timestamp: at, message: error });
      // orc's own reader keeps one `error` string (state.go), where the spec lists `errors`.
      if (error) doc.set('error', error);
      doc.set('updated_at', at);
    });
    await this.task.update((doc) => { doc.set('status', taskStatus); doc.set('updated_at', at); });
  }
}

/** Key by key, so comments beside the counts (the spec's example has some) stay. */
function writeTokens(doc: Document, ledger: TokenLedger): void {
  const snap = ledger.snapshot();
  // Only what is there and cannot hold keys is replaced, so new keys keep the spec's order (by_phase last).
  for (const at of [['tokens'], ['tokens', 'by_phase'], ['cost'], ['cost', 'phase_costs']]) {
    if (doc.hasIn(at) && !isMap(doc.getIn(at, true))) doc.setIn(at, doc.createNode({}));
  }
  setAll(doc, ['tokens'], snap.tokens);
  for (const [phase, counts] of snap.phaseTokens) {
    if (!isMap(doc.getIn(['phases', phase], true))) continue;
    ensureMap(doc, ['phases', phase, 'tokens']);
    // With its total, as the task's tokens have it (the spec's sum of every kind): orc's own reader takes a phase's
    // total_tokens as written and shows 0 without one.
    setAll(doc, ['phases', phase, 'tokens'], { ...counts, total_tokens: totalOf(counts) });
  }
  setAll(doc, ['cost'], snap.cost);
}

function setAll(doc: Document, at: readonly string[], values: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) setAll(doc, [...at, key], value as Record<string, unknown>);
    else doc.setIn([...at, key], value);
  }
  if (!Object.keys(values).length && !doc.hasIn(at)) doc.setIn(at, doc.createNode({}));
}

/** The strings of a YAML sequence node (anything else: none). */
function stringsOf(node: unknown): string[] {
  if (!isSeq(node)) return [];
  const value: unknown = node.toJSON();
  return Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : [];
}


/** Puts `key: value` first in the document's map, below the comment that heads the file. */
function firstKey(doc: Document, key: string, value: unknown): void {
  if (!isMap(doc.contents)) return;
  const pair = doc.createPair(key, value);
  const head = doc.contents.items[0]?.key as { commentBefore?: string | null } | undefined;
  if (head?.commentBefore) {
    (pair.key as { commentBefore?: string | null }).commentBefore = head.commentBefore;
    head.commentBefore = null;
  }
  doc.contents.items.unshift(pair);
}

function withoutNulls(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));
}
