import path from 'node:path';
import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import { UNREADABLE_STATUS } from '../../model/items';
import { crpHeadline } from './crp';
import type { LinkedRun, OrchestralFileRecord, RunLinkCache } from './link-cache';
import type { OrchestralCrpDecision, OrchestralDecision, OrchestralMission, OrchestralRun, RunAgent, RunModelSelection, RunMrp, RunVcr } from './model';
import { linkMissions } from './mission-link';
import type { MissionDraftRecord, MissionRecord } from './mission-record';
import { runFolder, type Base } from './paths';
import type { OrchestralRecord } from './records';
import { resumeWait, vcrFor } from './resume';
import type { ModelSelectionFields, StateFields } from './schemas';
import { agentUsage, runUsage, totalUsage } from './usage';
import { AGENTS } from './vocabulary';

export type { OrchestralFileRecord } from './link-cache';

type RunRecord = Exclude<OrchestralRecord, { kind: 'config' | 'mission' | 'mission-draft' }>;
type Of<K extends RunRecord['kind']> = OrchestralFileRecord & { record: Extract<RunRecord, { kind: K }> };

interface RunFiles {
  base: Base;
  run: string;
  files: OrchestralFileRecord[];
}

/**
 * Groups per-file records into runs (one per `runs/<run>/` folder of `.orchestral/` or `.dure/`) and their
 * unanswered CRPs into decisions. A CRP is found by its `crp_id`, not its file name; two CRPs of one run sharing
 * an id are reported and only the first (by file name) is offered for an answer.
 */
export function linkOrchestral(root: string, files: readonly OrchestralFileRecord[], cache?: RunLinkCache):
  { runs: OrchestralRun[]; missions: OrchestralMission[]; decisions: OrchestralDecision[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const groups = new Map<string, RunFiles>();
  const missionFiles: { file: string; record: MissionRecord }[] = [];
  const draftFiles: { file: string; record: MissionDraftRecord }[] = [];
  for (const f of files) {
    if (f.record.kind === 'config') continue;
    if (f.record.kind === 'mission') { missionFiles.push({ file: f.file, record: f.record }); continue; }
    if (f.record.kind === 'mission-draft') { draftFiles.push({ file: f.file, record: f.record }); continue; }
    const key = runFolder(f.record.base, f.record.run);
    let g = groups.get(key);
    if (!g) groups.set(key, g = { base: f.record.base, run: f.record.run, files: [] });
    g.files.push(f);
  }
  cache?.retain(root, new Set([...groups.keys()].map((k) => `${root}\u0000${k}`)));
  const runs: OrchestralRun[] = [];
  const decisions: OrchestralCrpDecision[] = [];
  for (const key of [...groups.keys()].sort()) {
    const group = groups.get(key)!;
    const linked = cache?.reuse(root, key, group.files) ?? linkRun(root, group);
    cache?.remember(root, key, group.files, linked);
    runs.push(linked.run);
    decisions.push(...linked.decisions);
    diagnostics.push(...linked.diagnostics);
  }
  // The same run folder in .orchestral/ and .dure/ (a half-done rename): Dure reads only .dure/, so that copy is shown.
  const byId = new Map<string, OrchestralRun>();
  const kept: OrchestralRun[] = [];
  for (const r of runs) {
    const other = byId.get(r.id);
    if (!other) { byId.set(r.id, r); kept.push(r); continue; }
    const [keep, drop] = r.base === '.dure' ? [r, other] : [other, r];
    diagnostics.push(diagnostic('orchestral', drop.dir, 'info', `run ${r.id} exists in both .orchestral/ and .dure/; the .dure/ copy (the one Dure reads) is shown`));
    kept.splice(kept.indexOf(other), 1, keep);
    byId.set(r.id, keep);
  }
  diagnostics.push(...runListChecks(kept));
  const keptDirs = new Set(kept.map((r) => r.dir));
  const missions = linkMissions(root, missionFiles, draftFiles, kept);
  diagnostics.push(...missions.diagnostics);
  return { runs: kept, missions: missions.missions, decisions: [...decisions.filter((d) => keptDirs.has(d.runDir)), ...missions.decisions], diagnostics };
}

/**
 * How Dure lists runs (RunManager.listRuns): only `run-*` folders with a state.json, sorted newest first with
 * `b.started_at.localeCompare(a.started_at)` — so with two or more runs, one without `started_at` can make the
 * whole list fail.
 */
function runListChecks(runs: readonly OrchestralRun[]): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const base of ['.orchestral', '.dure'] as const) {
    // An unreadable state.json has a problem of its own already: its missing started_at is not a second one.
    const listed = runs.filter((r) => r.base === base && r.stateFile !== null && r.id.startsWith('run-') && !r.unreadable);
    if (listed.length > 1) {
      for (const r of listed.filter((x) => x.startedAt === null)) {
        found.push(diagnostic('orchestral', r.stateFile!, 'warning', 'state.json has no `started_at`: Dure sorts its runs by it, and its run list can fail on this one', { line: 1, column: 1 }));
      }
    }
  }
  for (const r of runs.filter((x) => x.stateFile !== null && !x.id.startsWith('run-'))) {
    found.push(diagnostic('orchestral', r.dir, 'info', `run folder "${r.id}" does not start with "run-": Dure does not list it`));
  }
  return found;
}

function linkRun(root: string, g: RunFiles): LinkedRun {
  const diagnostics: Diagnostic[] = [];
  const dir = path.join(root, g.base, 'runs', g.run);
  const one = <K extends RunRecord['kind']>(kind: K) => g.files.find((f): f is Of<K> => f.record.kind === kind);
  const all = <K extends RunRecord['kind']>(kind: K) => g.files.filter((f): f is Of<K> => f.record.kind === kind)
    .sort((a, b) => a.file.localeCompare(b.file));
  const state = one('state');
  const s: StateFields = state?.record.fields ?? {};
  const events = one('events');
  const briefing = one('briefing');
  const title = briefing?.record.title ?? g.run;
  const modelSelection = modelsOf(s.model_selection ?? one('models')?.record.fields);
  const agents = agentsOf(s, all('flag'), modelSelection);
  const vcrs = all('vcr').filter((f) => f.record.fields).map((f) => vcrOf(f));

  // CRPs by crp_id: the first file (by name) wins a shared id.
  const crps = new Map<string, Of<'crp'>>();
  for (const f of all('crp')) {
    const content = f.record.content;
    if (!content) continue;
    const first = crps.get(content.crpId);
    if (first) {
      // Dure resolves and resumes from only one of them: the other would stay unanswered for good.
      diagnostics.push(diagnostic('orchestral', f.file, 'error',
        `crp_id "${content.crpId}" is also used by ${path.basename(first.file)} in this run; only that one can be answered`, { line: 1, column: 1 }));
      continue;
    }
    crps.set(content.crpId, f);
  }
  const contents = new Map([...crps].map(([id, f]) => [id, f.record.content!]));
  const pendingCrp = s.pending_crp ?? null;
  if (pendingCrp && !crps.has(pendingCrp) && state) {
    diagnostics.push(diagnostic('orchestral', state.file, 'warning', `pending_crp names ${pendingCrp}, but no CRP in crp/ has that crp_id: Dure cannot show it or resume the run from it`));
  }
  diagnostics.push(...unsortable('CRP', all('crp').filter((f) => f.record.content).map((f) => ({ file: f.file, createdAt: f.record.content!.createdAt }))));
  diagnostics.push(...unsortable('VCR', all('vcr').filter((f) => f.record.fields).map((f) => ({ file: f.file, createdAt: f.record.fields!.created_at ?? null }))));

  const decisions: OrchestralCrpDecision[] = [];
  for (const [crpId, f] of crps) {
    const c = f.record.content!;
    if (c.status !== 'pending' || !c.questions.length) continue;
    const answer = vcrFor(crpId, vcrs);
    if (answer) {
      // Dure calls a CRP unresolved exactly when no VCR names it; a second answer would never be read.
      diagnostics.push(diagnostic('orchestral', f.file, 'info', `CRP still says pending, but ${answer.vcrId} answers it; shown as answered, as Dure treats it`, { line: 1, column: 1 }));
      continue;
    }
    const base = {
      system: 'orchestral', kind: 'crp', ref: `${runFolder(g.base, g.run)}/${crpId}`, root, file: f.file,
    } as const;
    decisions.push({
      ...base, ...c, id: crpId, status: c.status, question: crpHeadline(c),
      run: g.run, runTitle: title, base: g.base, runDir: dir,
      stateFile: state?.file ?? null, crpHash: f.record.hash, stateHash: state?.record.hash ?? null,
    });
  }

  const verdict = one('verdict');
  const results = one('results');
  const evidence = all('evidence').sort((a, b) => Number(a.record.legacy) - Number(b.record.legacy))[0];
  const phase = s.phase ?? null;
  // A state.json that is there but yields nothing: the run is shown `unreadable` with its problem, not as unknown.
  const unreadable = state && !state.record.fields ? state.record.problem ?? { message: 'state.json cannot be read', line: null, column: null } : undefined;
  const usage = runUsage(s);
  const run: OrchestralRun = {
    system: 'orchestral', kind: 'run', id: g.run, root, base: g.base, dir,
    title, status: unreadable ? UNREADABLE_STATUS : phase ?? '', file: state?.file ?? g.files[0]!.file, ...(unreadable ? { unreadable } : {}),
    runId: s.run_id ?? null, phase, iteration: s.iteration ?? null, maxIterations: s.max_iterations ?? null,
    minorFixAttempts: s.minor_fix_attempts ?? null, maxMinorFixAttempts: s.max_minor_fix_attempts ?? null,
    startedAt: s.started_at ?? null, updatedAt: s.updated_at ?? null,
    agents, pendingCrp, awaitingResume: resumeWait(phase, pendingCrp, contents, vcrs), modelSelection,
    errors: (s.errors ?? []).map(issueText),
    lastEvent: s.last_event?.type ? { type: s.last_event.type, agent: s.last_event.agent ?? null, timestamp: s.last_event.timestamp ?? null } : null,
    crps: [...crps.values()].map((f) => {
      const c = f.record.content!;
      return { crpId: c.crpId, status: c.status, question: crpHeadline(c), createdBy: c.createdBy, answeredBy: vcrFor(c.crpId, vcrs)?.vcrId ?? null, file: f.file };
    }),
    vcrs,
    verdict: verdict?.record.fields?.verdict ? {
      verdict: verdict.record.fields.verdict, iteration: verdict.record.fields.iteration ?? null,
      reason: verdict.record.fields.reason ?? null, issues: (verdict.record.fields.issues ?? []).map(issueText), file: verdict.file,
      previous: verdict.record.fields.iteration != null && s.iteration != null ? verdict.record.fields.iteration < s.iteration : againAfter(s, 'gatekeeper'),
    } : null,
    results: results?.record.fields ? {
      total: results.record.fields.total ?? null, passed: results.record.fields.passed ?? null, failed: results.record.fields.failed ?? null,
      skipped: results.record.fields.skipped ?? null, coverage: results.record.fields.coverage ?? null, file: results.file,
      previous: againAfter(s, 'verifier'),
    } : null,
    mrp: evidence?.record.fields ? mrpOf(evidence) : null,
    tokens: usage?.tokens ?? null, costUsd: usage?.costUsd ?? null,
    events: events ? { count: events.record.summary.count, warnings: events.record.summary.warnings,
      errors: events.record.summary.errors, recent: events.record.summary.recent } : null,
    hasError: agents.some((a) => a.error !== null) || phase === 'failed',
    stateFile: state?.file ?? null, eventsFile: events?.file ?? null,
    files: g.files.map((f) => f.file).sort(),
  };
  // Dure lists only run folders with a state.json; this one is shown, but Dure does not list it.
  if (!state) diagnostics.push(diagnostic('orchestral', dir, 'info', `run ${g.run} has no state.json (Dure does not list it); its phase is unknown`));
  return { run, decisions, diagnostics };
}

/**
 * Whether state.json has `agent` waiting or working again, so that what it wrote is an earlier iteration's: Dure's
 * retry after a FAIL verdict resets the agents' statuses in state.json and keeps their done flags, verdict.json and
 * results.json on disk until each is written anew (Dure 2e8b15c: orchestrator.ts, verdict-handler.ts,
 * state-manager.ts incrementIteration). state.json is what Dure itself shows.
 */
function againAfter(s: StateFields, agent: string): boolean {
  const status = s.agents?.[agent]?.status;
  return status === 'pending' || status === 'running';
}

/** The agents state.json names, in pipeline order, with their done/error flags (briefing/ is the refiner's folder). */
function agentsOf(s: StateFields, flags: readonly Of<'flag'>[], models: RunModelSelection | null): RunAgent[] {
  const flagAgent = (a: string) => (a === 'briefing' ? 'refiner' : a);
  const names = new Set([...AGENTS.filter((a) => s.agents?.[a] || flags.some((f) => flagAgent(f.record.agent) === a)),
    ...Object.keys(s.agents ?? {}), ...flags.map((f) => flagAgent(f.record.agent))]);
  return [...names].map((name) => {
    const a = s.agents?.[name];
    const flag = (which: 'done' | 'error') => flags.find((f) => flagAgent(f.record.agent) === name && f.record.flag === which);
    // A flag of an agent state.json has waiting or working again is its earlier iteration's (see againAfter).
    const again = againAfter(s, name);
    const done = again ? undefined : flag('done');
    const error = again ? undefined : flag('error');
    return {
      name, status: a?.status ?? null, startedAt: a?.started_at ?? null, completedAt: a?.completed_at ?? null,
      timeoutAt: a?.timeout_at ?? null, stateError: a?.error == null ? null : issueText(a.error),
      usage: agentUsage(a?.usage ?? s.usage?.by_agent?.[name]),
      model: models && Object.prototype.hasOwnProperty.call(models.models, name) ? models.models[name]! : null,
      done: done ? done.record.text : null, error: error ? error.record.text : null,
      doneFile: done?.file ?? null, errorFile: error?.file ?? null,
    };
  });
}

function modelsOf(m: ModelSelectionFields | null | undefined): RunModelSelection | null {
  if (!m) return null;
  return {
    method: m.selection_method ?? null, level: m.analysis?.level ?? null, score: m.analysis?.overall_score ?? null,
    reasoning: m.analysis?.reasoning ?? null, models: m.models ?? {},
  };
}

function vcrOf(f: Of<'vcr'>): RunVcr {
  const v = f.record.fields!;
  return { vcrId: v.vcr_id ?? f.record.name.replace(/\.json$/, ''), crpId: v.crp_id ?? null, createdAt: v.created_at ?? null,
    decision: v.decision ?? v.decisions ?? null, decisions: v.decisions ?? null, rationale: v.rationale ?? null,
    additionalNotes: v.additional_notes ?? null, appliesToFuture: v.applies_to_future ?? null, file: f.file };
}

function mrpOf(f: Of<'evidence'>): RunMrp {
  const e = f.record.fields!;
  return {
    file: f.file, legacy: f.record.legacy, usage: totalUsage(e.usage?.total),
    tests: e.tests ? { total: e.tests.total ?? null, passed: e.tests.passed ?? null, failed: e.tests.failed ?? null, coverage: e.tests.coverage ?? null } : null,
    filesChanged: e.files_changed ?? [], decisions: e.decisions ?? [], iterations: e.iterations ?? null, logs: e.logs ?? {},
  };
}

/**
 * Dure sorts a run's CRPs (and VCRs) with `a.created_at.localeCompare(b.created_at)`: with two or more, one
 * without a created_at can throw, and then Dure's listing fails (its resume and its CRP view use it).
 */
function unsortable(what: 'CRP' | 'VCR', records: readonly { file: string; createdAt: string | null }[]): Diagnostic[] {
  if (records.length < 2) return [];
  return records.filter((r) => r.createdAt === null).map((r) => diagnostic('orchestral', r.file, 'warning',
    `${what} has no \`created_at\`: Dure sorts the run's ${what}s by it, and its listing of them can fail on this one`, { line: 1, column: 1 }));
}

function issueText(issue: unknown): string {
  if (typeof issue === 'string') return issue;
  if (issue && typeof issue === 'object') {
    const o = issue as Record<string, unknown>;
    const text = o.message ?? o.description ?? o.title ?? o.issue;
    if (typeof text === 'string') return typeof o.severity === 'string' ? `${o.severity}: ${text}` : text;
  }
  return JSON.stringify(issue);
}
