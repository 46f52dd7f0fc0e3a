/**
 * The rows of the demo's database-era orc project (`billing-service`): tasks in every state a person meets (done,
 * running on another machine, waiting at a human gate, blocked by a running task, failed, backlog, closed),
 * two initiatives (one waiting on the other), comments, a spec, a transcript, and the global cost ledger.
 * Written as orc's Go writers write them (RFC 3339 UTC times, Go's '' for empty strings, metadata as a JSON
 * object of strings, phase session ids as `{"provider","data":{"session_id"}}`), relative to `now`, so a demo
 * opened today shows today's heartbeat and the last 30 days of cost.
 */

export type SqlValue = string | number | null;

/** What the rows are written through: sql.js (the extension, the build) or any other SQLite writer. */
export interface SqlRunner {
  run(sql: string, params: readonly SqlValue[]): void;
}

export interface DemoClock {
  readonly now: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Go's time.RFC3339 of a UTC time. */
export function rfc3339(at: number): string {
  return new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

interface DemoPhase {
  readonly id: string;
  readonly status: string;
  /** Days before now it started, and how long it ran (minutes). */
  readonly daysAgo: number;
  readonly minutes: number;
  readonly tokens?: readonly [input: number, output: number, cacheCreation: number, cacheRead: number];
  readonly costUsd?: number;
  readonly commit?: string;
  readonly error?: string;
  readonly model?: 'sonnet' | 'opus' | 'haiku';
}

interface DemoTask {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly status: string;
  readonly priority: string;
  readonly category: string;
  readonly queue?: string;
  readonly initiative?: string;
  readonly workflow: string;
  readonly currentPhase?: string;
  readonly createdDaysAgo: number;
  readonly blockedBy?: readonly string[];
  readonly metadata?: Record<string, string>;
  readonly phases?: readonly DemoPhase[];
  /** Running on another machine: its executor and a fresh heartbeat. */
  readonly executor?: { readonly hostname: string; readonly pid: number };
}

const WORKFLOWS: Record<string, readonly { id: string; gate: string }[]> = {
  'implement-small': [{ id: 'spec', gate: 'auto' }, { id: 'implement', gate: 'human' }, { id: 'review', gate: 'auto' }],
  'implement-medium': [{ id: 'spec', gate: 'human' }, { id: 'tdd_write', gate: 'auto' }, { id: 'implement', gate: 'auto' },
    { id: 'review', gate: 'ai' }, { id: 'docs', gate: 'auto' }],
};

export const DEMO_TASKS: readonly DemoTask[] = [
  {
    id: 'TASK-001', title: 'Store invoices in Postgres', status: 'completed', priority: 'high', category: 'feature',
    initiative: 'INIT-001', workflow: 'implement-medium', createdDaysAgo: 21,
    description: 'Move invoices from the JSON files in `data/` into the `invoices` table, with a migration and a backfill.',
    phases: [
      { id: 'spec', status: 'completed', daysAgo: 20, minutes: 6, tokens: [2100, 1800, 9000, 21000], costUsd: 0.31, model: 'opus' },
      { id: 'tdd_write', status: 'completed', daysAgo: 20, minutes: 11, tokens: [1400, 2600, 4000, 38000], costUsd: 0.22 },
      { id: 'implement', status: 'completed', daysAgo: 19, minutes: 34, tokens: [5200, 9100, 12000, 240000], costUsd: 1.12, commit: '4be1f0c9a7d2' },
      { id: 'review', status: 'completed', daysAgo: 18, minutes: 8, tokens: [1900, 1100, 3000, 61000], costUsd: 0.27, model: 'opus' },
      { id: 'docs', status: 'completed', daysAgo: 18, minutes: 4, tokens: [800, 900, 1000, 15000], costUsd: 0.08, commit: '91c3e07b55aa', model: 'haiku' },
    ],
  },
  {
    id: 'TASK-002', title: 'Generate PDF invoices', status: 'blocked', priority: 'high', category: 'feature',
    initiative: 'INIT-001', workflow: 'implement-small', currentPhase: 'implement', createdDaysAgo: 9,
    description: 'Render each invoice to PDF with the company letterhead; `GET /invoices/:id.pdf` streams it.',
    metadata: { blocked_reason: 'gate_pending', blocked_error: 'blocked at gate: awaiting approval (phase implement)',
      'phase:spec:provider': 'claude', 'phase:spec:model': 'claude-sonnet-4-6', 'phase:implement:provider': 'claude',
      'phase:implement:model': 'claude-sonnet-4-6' },
    phases: [
      { id: 'spec', status: 'completed', daysAgo: 2, minutes: 5, tokens: [1600, 1400, 7000, 18000], costUsd: 0.19 },
      { id: 'implement', status: 'completed', daysAgo: 1, minutes: 27, tokens: [4100, 7300, 9000, 182000], costUsd: 0.84, commit: 'c07d9e21f4b8' },
    ],
  },
  {
    id: 'TASK-003', title: 'Retry failed card charges', status: 'running', priority: 'critical', category: 'bug',
    initiative: 'INIT-002', workflow: 'implement-small', currentPhase: 'implement', createdDaysAgo: 3,
    description: 'A declined charge is retried after 1, 3 and 7 days before the invoice goes to dunning.',
    executor: { hostname: 'ci-runner-7', pid: 48213 },
    phases: [
      { id: 'spec', status: 'completed', daysAgo: 0.05, minutes: 4, tokens: [1300, 1200, 6000, 14000], costUsd: 0.15 },
      { id: 'implement', status: 'running', daysAgo: 0.02, minutes: 0 },
    ],
  },
  {
    id: 'TASK-004', title: 'Dunning emails for overdue invoices', status: 'planned', priority: 'normal', category: 'feature',
    initiative: 'INIT-002', workflow: 'implement-small', createdDaysAgo: 3, blockedBy: ['TASK-003'],
    description: 'Three reminder emails, then the account is paused. Waits for the retry schedule of TASK-003.',
  },
  {
    id: 'TASK-005', title: 'Tax rates per country', status: 'failed', priority: 'normal', category: 'feature',
    initiative: 'INIT-001', workflow: 'implement-small', currentPhase: 'review', createdDaysAgo: 12,
    description: 'Look the VAT rate up by the customer\'s country instead of the flat 20 %.',
    phases: [
      { id: 'spec', status: 'completed', daysAgo: 11, minutes: 5, tokens: [1500, 1300, 6000, 16000], costUsd: 0.17 },
      { id: 'implement', status: 'completed', daysAgo: 11, minutes: 22, tokens: [3900, 6100, 8000, 150000], costUsd: 0.71, commit: '5e2a8b10d3c4' },
      { id: 'review', status: 'failed', daysAgo: 10, minutes: 9, tokens: [2000, 900, 2000, 52000], costUsd: 0.24,
        error: 'review found 2 blocking issues: rates are cached forever; no rate for Northern Ireland (XI)', model: 'opus' },
    ],
  },
  {
    id: 'TASK-006', title: 'Export invoices as CSV', status: 'created', priority: 'low', category: 'feature', queue: 'backlog',
    initiative: 'INIT-001', workflow: 'implement-small', createdDaysAgo: 6,
    description: 'Finance wants a monthly CSV of every invoice for the accountants.',
  },
  {
    id: 'TASK-007', title: 'Remove the legacy XML export', status: 'closed', priority: 'low', category: 'chore',
    workflow: 'implement-small', createdDaysAgo: 25, description: 'The XML export has had no caller since the v1 API was retired.',
    metadata: { close_message: 'Nobody uses it any more; removed by hand.' },
  },
];

const INITIATIVES = [
  { id: 'INIT-001', title: 'Invoicing v2', status: 'active', vision: 'Invoices live in Postgres, render to PDF and export for finance.',
    tasks: ['TASK-001', 'TASK-002', 'TASK-005', 'TASK-006'], dependsOn: [] as string[] },
  { id: 'INIT-002', title: 'Payments reliability', status: 'active', vision: 'No invoice stays unpaid because a card declined once.',
    tasks: ['TASK-003', 'TASK-004'], dependsOn: ['INIT-001'] },
];

const TASK_COLUMNS = ['id', 'title', 'description', 'weight', 'workflow_id', 'status', 'state_status', 'current_phase', 'branch',
  'worktree_path', 'queue', 'priority', 'category', 'initiative_id', 'target_branch', 'created_at', 'started_at', 'completed_at',
  'total_cost_usd', 'metadata', 'retry_context', 'quality', 'executor_pid', 'executor_hostname', 'executor_started_at',
  'last_heartbeat', 'is_automation', 'pr_url', 'pr_number', 'pr_status', 'created_by', 'assigned_to', 'updated_at'];

const insert = (table: string, columns: readonly string[]) =>
  `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;

const MODELS = { sonnet: 'claude-sonnet-4-6', opus: 'claude-opus-4-6', haiku: 'claude-haiku-4-5' } as const;

/** Writes the project database's rows (the schema must exist: createOrcProjectDb). */
export function seedDemoOrcProject(db: SqlRunner, { now }: DemoClock): void {
  const at = (daysAgo: number) => rfc3339(now - daysAgo * DAY);
  for (const [id, phases] of Object.entries(WORKFLOWS)) {
    db.run(`INSERT INTO workflows (id, name, description, is_builtin) VALUES (?, ?, ?, 1)`, [id, id, `orc's built-in ${id} workflow`]);
    phases.forEach((p, sequence) => {
      db.run(`INSERT OR IGNORE INTO phase_templates (id, name, gate_type, is_builtin) VALUES (?, ?, 'auto', 1)`, [p.id, p.id]);
      db.run(`INSERT INTO workflow_phases (workflow_id, phase_template_id, sequence, gate_type_override) VALUES (?, ?, ?, ?)`,
        [id, p.id, sequence, p.gate === 'auto' ? null : p.gate]);
    });
  }
  for (const t of DEMO_TASKS) {
    const phases = t.phases ?? [];
    const started = phases.length ? phases[0]!.daysAgo : null;
    const finished = t.status === 'completed' || t.status === 'closed';
    const cost = phases.reduce((sum, p) => sum + (p.costUsd ?? 0), 0);
    const updated = phases.length ? Math.min(...phases.map((p) => p.daysAgo)) : t.createdDaysAgo;
    db.run(insert('tasks', TASK_COLUMNS), [
      t.id, t.title, t.description, '', t.workflow, t.status, 'pending', t.currentPhase ?? '', `orc/${t.id}`,
      '', t.queue ?? 'active', t.priority, t.category, t.initiative ?? '', '', at(t.createdDaysAgo),
      started === null ? null : at(started), finished ? at(updated) : null,
      Math.round(cost * 100) / 100, t.metadata ? JSON.stringify(t.metadata) : '', '', '',
      t.executor?.pid ?? 0, t.executor?.hostname ?? '', t.executor ? at(0.05) : null, t.executor ? rfc3339(now - 40_000) : null, 0,
      '', 0, '', 'alice', '', t.executor ? rfc3339(now - 40_000) : at(updated)]);
    for (const dep of t.blockedBy ?? []) db.run(`INSERT INTO task_dependencies (task_id, depends_on) VALUES (?, ?)`, [t.id, dep]);
    for (const p of phases) seedPhase(db, t, p, now);
  }
  db.run(`UPDATE sequences SET current_value = ? WHERE name = 'task'`, [DEMO_TASKS.length]);
  for (const i of INITIATIVES) {
    db.run(insert('initiatives', ['id', 'title', 'status', 'owner_initials', 'owner_display_name', 'owner_email', 'vision', 'branch_base',
      'branch_prefix', 'merge_status', 'merge_commit', 'created_at', 'updated_at', 'created_by', 'owned_by']),
    [i.id, i.title, i.status, 'AL', 'Alice Lindqvist', 'alice@example.com', i.vision, 'main', `feature/${i.id.toLowerCase()}-`, '', '',
      at(22), at(2), 'alice', 'alice']);
    i.tasks.forEach((task, sequence) => db.run(`INSERT INTO initiative_tasks (initiative_id, task_id, sequence) VALUES (?, ?, ?)`, [i.id, task, sequence]));
  }
  for (const i of INITIATIVES) for (const dep of i.dependsOn) db.run(`INSERT INTO initiative_dependencies (initiative_id, depends_on) VALUES (?, ?)`, [i.id, dep]);
  db.run(`UPDATE sequences SET current_value = ? WHERE name = 'initiative'`, [INITIATIVES.length]);
  db.run(insert('initiative_decisions', ['id', 'initiative_id', 'decision', 'rationale', 'decided_by', 'decided_at']),
    ['DEC-001', 'INIT-001', 'PDFs are rendered server-side with the letterhead template', 'Finance needs identical PDFs in email and download', 'alice', at(8)]);

  seedDetail(db, now);
}

/** One `phases` row, its decided gate (auto and ai gates are recorded; the pending human one is the task's status). */
function seedPhase(db: SqlRunner, t: DemoTask, p: DemoPhase, now: number): void {
  const start = now - p.daysAgo * DAY;
  const [input, output, cacheCreation, cacheRead] = p.tokens ?? [0, 0, 0, 0];
  const done = p.status === 'completed' || p.status === 'failed';
  db.run(insert('phases', ['task_id', 'phase_id', 'status', 'iterations', 'started_at', 'completed_at', 'input_tokens', 'output_tokens',
    'cache_creation_tokens', 'cache_read_tokens', 'total_tokens', 'cost_usd', 'error_message', 'commit_sha', 'skip_reason', 'session_id', 'executed_by']),
  [t.id, p.id, p.status, p.id === 'implement' && done ? 2 : 0, rfc3339(start), done ? rfc3339(start + p.minutes * MINUTE) : null,
    input, output, cacheCreation, cacheRead, input + output + cacheCreation + cacheRead, p.costUsd ?? 0, p.error ?? '', p.commit ?? '', '',
    JSON.stringify({ provider: 'claude', data: { session_id: `${t.id.toLowerCase()}-${p.id}-session` } }), '']);
  const gate = WORKFLOWS[t.workflow]?.find((g) => g.id === p.id)?.gate ?? 'auto';
  if (p.status === 'completed' && !(gate === 'human' && t.metadata?.blocked_reason === 'gate_pending' && t.currentPhase === p.id)) {
    db.run(insert('gate_decisions', ['task_id', 'phase', 'gate_type', 'approved', 'reason', 'decided_by', 'decided_at']),
      [t.id, p.id, gate, 1, gate === 'human' ? 'Looks right' : gate === 'ai' ? 'No blocking findings' : 'auto-approved on success',
        gate === 'human' ? 'alice' : 'executor', rfc3339(start + p.minutes * MINUTE)]);
  }
}

/** Comments, a spec, a transcript, the attention signal of the waiting gate. */
function seedDetail(db: SqlRunner, now: number): void {
  const at = (daysAgo: number) => rfc3339(now - daysAgo * DAY);
  const comment = insert('task_comments', ['id', 'task_id', 'author', 'author_type', 'content', 'phase', 'created_at', 'updated_at']);
  db.run(comment, ['c-001', 'TASK-002', 'alice', 'human', 'Use the letterhead from `assets/letterhead.svg`, not the old PNG.', 'implement', at(1.2), at(1.2)]);
  db.run(comment, ['c-002', 'TASK-002', 'claude', 'agent', 'Rendered with the SVG letterhead; fonts are embedded so the PDF looks the same everywhere.', 'implement', at(1), at(1)]);
  db.run(comment, ['c-003', 'TASK-005', 'bob', 'human', 'XI needs its own rate: Northern Ireland follows EU VAT rules for goods.', 'review', at(9.5), at(9.5)]);

  for (const [n, task, spec] of [[1, 'TASK-001', '# Invoices in Postgres\n\n- `invoices` table with a unique `number`\n- backfill from `data/*.json`, idempotent\n'],
    [2, 'TASK-002', '# PDF invoices\n\n- `GET /invoices/:id.pdf` streams the PDF\n- letterhead from `assets/letterhead.svg`\n- totals match the invoice row to the cent\n']] as const) {
    const run = `RUN-00${n}`;
    db.run(insert('workflow_runs', ['id', 'workflow_id', 'context_type', 'context_data', 'task_id', 'prompt', 'status', 'created_at', 'updated_at']),
      [run, n === 1 ? 'implement-medium' : 'implement-small', 'task', '{}', task, '', 'completed', at(n === 1 ? 20 : 2), at(n === 1 ? 18 : 1)]);
    db.run(insert('phase_outputs', ['workflow_run_id', 'phase_template_id', 'task_id', 'content', 'content_hash', 'output_var_name', 'artifact_type',
      'source', 'iteration', 'created_at', 'updated_at']), [run, 'spec', task, spec, '', 'SPEC_CONTENT', 'spec', 'workflow', 1, at(n === 1 ? 20 : 2), at(n === 1 ? 20 : 2)]);
  }
  db.run(`UPDATE sequences SET current_value = 2 WHERE name = 'workflow_run'`, []);
  const message = insert('transcripts', ['task_id', 'phase', 'session_id', 'workflow_run_id', 'message_uuid', 'parent_uuid', 'type', 'role', 'content',
    'model', 'input_tokens', 'output_tokens', 'cache_creation_tokens', 'cache_read_tokens', 'tool_calls', 'tool_results', 'timestamp']);
  db.run(message, ['TASK-002', 'implement', 'task-002-implement-session', 'RUN-002', 'm-1', null, 'user', 'user',
    'Implement the spec: render invoices to PDF with the letterhead.', MODELS.sonnet, 0, 0, 0, 0, null, null, now - DAY - 20 * MINUTE]);
  db.run(message, ['TASK-002', 'implement', 'task-002-implement-session', 'RUN-002', 'm-2', 'm-1', 'assistant', 'assistant',
    'Added `renderInvoicePdf()` and the route; the totals test compares against the invoice row.', MODELS.sonnet, 4100, 7300, 9000, 182000, null, null, now - DAY]);
  db.run(insert('attention_signals', ['id', 'kind', 'status', 'reference_type', 'reference_id', 'title', 'summary', 'created_at', 'updated_at']),
    ['sig-task-002', 'blocked', 'blocked', 'task', 'TASK-002', 'Generate PDF invoices', 'blocked at gate: awaiting approval (phase implement)', at(1), at(1)]);
}

/** The global database's rows: the project, and one cost_log row per phase run (project_id is the project's path). */
export function seedDemoOrcGlobal(db: SqlRunner, { now }: DemoClock, project: { readonly id: string; readonly path: string }): void {
  db.run(`INSERT INTO projects (id, name, path, language, created_at) VALUES (?, ?, ?, ?, ?)`,
    [project.id, 'billing-service', project.path, 'typescript', rfc3339(now - 22 * DAY)]);
  const row = insert('cost_log', ['project_id', 'task_id', 'phase', 'cost_usd', 'input_tokens', 'output_tokens', 'timestamp', 'model', 'iteration',
    'cache_creation_tokens', 'cache_read_tokens', 'total_tokens', 'initiative_id', 'duration_ms', 'provider']);
  for (const t of DEMO_TASKS) {
    for (const p of t.phases ?? []) {
      if (!p.tokens) continue;
      const [input, output, cc, cr] = p.tokens;
      db.run(row, [project.path, t.id, p.id, p.costUsd ?? 0, input, output, rfc3339(now - p.daysAgo * DAY + p.minutes * MINUTE), p.model ?? 'sonnet', 1,
        cc, cr, input + output + cc + cr, t.initiative ?? '', p.minutes * MINUTE, 'claude']);
    }
  }
}
