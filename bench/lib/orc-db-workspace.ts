import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { orcProjectId } from '../../src/core/formats/orc-db/locate';
import { createOrcGlobalDb, createOrcProjectDb } from '../../src/core/formats/orc-db/schema-ddl';
import { CACHE_DIR } from './cache';

const RECIPE = 'orc-db-v1';
const STATUSES = ['created', 'planned', 'running', 'paused', 'blocked', 'completed', 'failed', 'closed'] as const;
const PRIORITIES = ['critical', 'high', 'normal', 'low'] as const;
const PHASES = ['spec', 'implement', 'review', 'docs'] as const;
const MODELS = ['opus', 'sonnet', 'haiku'] as const;

export interface OrcDbWorkspace {
  /** The workspace folder (its .orc/config.yaml only: the project lives in the registry's database). */
  readonly root: string;
  /** The orc home: projects.yaml, projects/<id>/orc.db, the global orc.db with the cost log. */
  readonly orcHome: string;
  /** The project database. */
  readonly file: string;
  readonly globalFile: string;
}

const taskId = (i: number) => `TASK-${String(i + 1).padStart(4, '0')}`;
const at = (minutes: number) => new Date(Date.UTC(2026, 2, 1) + minutes * 60_000).toISOString().replace('.000Z', 'Z');

/**
 * A registered database-era orc project of `tasks` tasks, built once by our schema script (better-sqlite3 writing as
 * orc does: WAL, then checkpointed and closed, as orc leaves a database it closed) into the git-ignored .bench-cache/:
 * every task with its workflow's phases (tokens, commits), gate decisions, a dependency for one in four, initiatives,
 * comments, a spec and a short transcript for one in two; the global database holds a cost_log row per phase run.
 */
export function orcDbWorkspace(tasks: number, log: (s: string) => void): OrcDbWorkspace {
  const base = path.join(CACHE_DIR, `orc-db-${tasks}`);
  const root = path.join(base, 'project');
  const orcHome = path.join(base, 'home', '.orc');
  mkdirSync(root, { recursive: true });
  const id = orcProjectId(root);
  const ws = { root, orcHome, file: path.join(orcHome, 'projects', id, 'orc.db'), globalFile: path.join(orcHome, 'orc.db') };
  const recipeFile = path.join(base, '.recipe');
  if (existsSync(recipeFile) && readFileSync(recipeFile, 'utf8') === RECIPE && existsSync(ws.file)) return ws;
  rmSync(path.join(base, 'home'), { recursive: true, force: true });
  const started = Date.now();
  mkdirSync(path.join(root, '.orc'), { recursive: true });
  writeFileSync(path.join(root, '.orc', 'config.yaml'), 'version: 1\ngates:\n  default_type: auto\n');
  mkdirSync(path.dirname(ws.file), { recursive: true });
  writeFileSync(path.join(orcHome, 'projects.yaml'), `projects:\n  - id: ${id}\n    name: bench\n    path: ${root}\n    created_at: 2026-03-01T00:00:00Z\n`);
  buildProject(ws.file, tasks);
  buildGlobal(ws.globalFile, root, tasks);
  writeFileSync(recipeFile, RECIPE);
  log(`generated a ${tasks}-task orc database in ${path.relative(process.cwd(), base)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return ws;
}

function open(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  return db;
}

function buildProject(file: string, tasks: number): void {
  const db = open(file);
  db.transaction(() => {
    createOrcProjectDb((sql) => db.exec(sql), { fullTextSearch: true });
    const template = db.prepare(`INSERT INTO phase_templates (id, name, gate_type, max_iterations, is_builtin) VALUES (?, ?, ?, 20, 1)`);
    for (const p of PHASES) template.run(p, p, p === 'review' ? 'human' : 'auto');
    db.prepare(`INSERT INTO workflows (id, name, is_builtin) VALUES ('implement-medium', 'Implement (medium)', 1)`).run();
    const wp = db.prepare(`INSERT INTO workflow_phases (workflow_id, phase_template_id, sequence) VALUES ('implement-medium', ?, ?)`);
    PHASES.forEach((p, n) => wp.run(p, n));
    const initiative = db.prepare(`INSERT INTO initiatives (id, title, status, vision, created_at, updated_at) VALUES (?, ?, 'active', ?, ?, ?)`);
    const inits = Math.max(1, Math.round(tasks / 50));
    for (let n = 1; n <= inits; n++) initiative.run(`INIT-${String(n).padStart(3, '0')}`, `Initiative ${n}`, `Make module group ${n} simpler`, at(0), at(0));
    const task = db.prepare(`INSERT INTO tasks (id, title, description, weight, workflow_id, status, state_status, current_phase,
      branch, queue, priority, category, initiative_id, created_at, started_at, completed_at, total_cost_usd, metadata, updated_at)
      VALUES (?, ?, ?, 'medium', 'implement-medium', ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const link = db.prepare(`INSERT INTO initiative_tasks (initiative_id, task_id, sequence) VALUES (?, ?, ?)`);
    const dep = db.prepare(`INSERT INTO task_dependencies (task_id, depends_on) VALUES (?, ?)`);
    const phase = db.prepare(`INSERT INTO phases (task_id, phase_id, status, iterations, started_at, completed_at, input_tokens,
      output_tokens, cache_creation_tokens, cache_read_tokens, total_tokens, cost_usd, error_message, commit_sha, skip_reason, session_id)
      VALUES (?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, 0, '', ?, '', ?)`);
    const gate = db.prepare(`INSERT INTO gate_decisions (task_id, phase, gate_type, approved, reason, decided_by, decided_at) VALUES (?, ?, ?, 1, 'ok', 'executor', ?)`);
    const comment = db.prepare(`INSERT INTO task_comments (id, task_id, author, author_type, content, phase, created_at, updated_at) VALUES (?, ?, 'alice', 'human', ?, NULL, ?, ?)`);
    const run = db.prepare(`INSERT INTO workflow_runs (id, workflow_id, context_type, context_data, task_id, prompt, status, created_at, updated_at) VALUES (?, 'implement-medium', 'task', '{}', ?, '', 'completed', ?, ?)`);
    const runPhase = db.prepare(`INSERT INTO workflow_run_phases (workflow_run_id, phase_template_id, status, iterations, started_at, completed_at) VALUES (?, ?, 'completed', ?, ?, ?)`);
    const spec = db.prepare(`INSERT INTO phase_outputs (workflow_run_id, phase_template_id, task_id, content, content_hash, output_var_name, artifact_type, source, iteration, created_at, updated_at) VALUES (?, 'spec', ?, ?, '', 'SPEC_CONTENT', 'spec', 'workflow', 1, ?, ?)`);
    const transcript = db.prepare(`INSERT INTO transcripts (task_id, phase, session_id, workflow_run_id, message_uuid, type, role, content, model, input_tokens, output_tokens, timestamp) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'claude-sonnet-4-5', ?, ?, ?)`);
    for (let i = 0; i < tasks; i++) {
      const id = taskId(i);
      const status = STATUSES[i % STATUSES.length]!;
      const done = status === 'completed' || status === 'closed';
      const ran = status !== 'created' && status !== 'planned';
      const phasesRun = done ? PHASES.length : ran ? 1 + (i % (PHASES.length - 1)) : 0;
      const initiativeId = `INIT-${String(i % inits + 1).padStart(3, '0')}`;
      task.run(id, `Task ${i}: refactor module ${i % 300} and its tests`,
        `Move the helpers of module ${i % 300} behind one interface; keep the public API. Update the ${i % 17} call sites.`,
        status, ran && !done ? PHASES[phasesRun - 1] : '', `orc/${id}`, i % 5 === 0 ? 'backlog' : 'active', PRIORITIES[i % 4],
        i % 3 ? 'feature' : 'bug', initiativeId, at(i), ran ? at(i + 5) : null, done ? at(i + 90) : null, phasesRun * 0.42,
        status === 'blocked' ? JSON.stringify({ blocked_reason: 'gate_pending', blocked_error: 'blocked at gate: awaiting approval (phase review)' }) : '',
        at(i + 95));
      link.run(initiativeId, id, Math.floor(i / inits));
      if (i % 4 === 1) dep.run(id, taskId(i - 1));
      if (!ran) continue;
      const runId = `RUN-${String(i + 1).padStart(4, '0')}`;
      run.run(runId, id, at(i + 5), at(i + 90));
      for (let n = 0; n < phasesRun; n++) {
        const p = PHASES[n]!;
        const finished = done || n < phasesRun - 1;
        const input = 1200 + i % 700, output = 300 + n * 40, cc = 2000 + n, cr = 40000 + i;
        phase.run(id, p, finished ? 'completed' : 'pending', at(i + 5 + n * 20), finished ? at(i + 20 + n * 20) : null,
          input, output, cc, cr, input + output + cc + cr, finished ? `${(i * 2654435761 >>> 0).toString(16)}${n}` : '',
          JSON.stringify({ provider: 'claude', data: { session_id: `sess-${i}-${n}` } }));
        runPhase.run(runId, p, 1 + (i + n) % 3, at(i + 5 + n * 20), finished ? at(i + 20 + n * 20) : null);
        if (finished) gate.run(id, p, p === 'review' ? 'human' : 'auto', at(i + 20 + n * 20));
      }
      if (i % 2 === 0) {
        spec.run(runId, id, `# Specification: task ${i}\n\n## Success criteria\n- [x] one\n- [ ] two\n`, at(i + 20), at(i + 20));
        for (let m = 0; m < 6; m++) {
          transcript.run(id, 'spec', `sess-${i}-0`, runId, `msg-${i}-${m}`, m % 2 ? 'assistant' : 'user', m % 2 ? 'assistant' : 'user',
            JSON.stringify([{ type: 'text', text: `Message ${m} about module ${i % 300}. `.repeat(12) }]), m % 2 ? 900 : 0, m % 2 ? 200 : 0,
            Date.UTC(2026, 2, 1) + (i + 5) * 60_000 + m * 1000);
        }
      }
      if (i % 3 === 0) comment.run(`TC-${i}`, id, `Looked at module ${i % 300}; the tests need a fixture.`, at(i + 30), at(i + 30));
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

function buildGlobal(file: string, projectPath: string, tasks: number): void {
  const db = open(file);
  db.transaction(() => {
    createOrcGlobalDb((sql) => db.exec(sql));
    const cost = db.prepare(`INSERT INTO cost_log (project_id, task_id, phase, model, provider, iteration, cost_usd, input_tokens,
      output_tokens, cache_creation_tokens, cache_read_tokens, total_tokens, initiative_id, duration_ms, user_id, timestamp)
      VALUES (?, ?, ?, ?, 'claude', 1, ?, ?, ?, ?, ?, ?, ?, ?, '', ?)`);
    const day = (i: number) => new Date(Date.now() - (i % 40) * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
    for (let i = 0; i < tasks; i++) {
      for (let n = 0; n < 2; n++) {
        const input = 1200 + i % 700, output = 340, cc = 2000, cr = 40000 + i;
        cost.run(projectPath, taskId(i), PHASES[n], MODELS[(i + n) % 3], 0.21 + (i % 10) / 100, input, output, cc, cr,
          input + output + cc + cr, `INIT-${String(i % Math.max(1, Math.round(tasks / 50)) + 1).padStart(3, '0')}`, 60_000 + i, day(i));
      }
      // Another project's spending in the same ledger: never counted for this folder.
      cost.run('/elsewhere/other-project', `TASK-${i}`, 'implement', 'opus', 1, 10, 10, 0, 0, 20, '', 1000, day(i));
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}
