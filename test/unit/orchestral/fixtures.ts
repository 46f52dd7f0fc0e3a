/** Orchestral/Dure files for the tests, written into temp folders (real files, real reads). */

export const SINGLE_CRP = {
  crp_id: 'crp-001',
  created_at: '2024-01-15T14:35:00Z',
  created_by: 'refiner',
  type: 'clarification',
  question: 'Rate limiting을 어떤 기준으로 적용할까요?',
  context: "briefing에 '적절한 rate limiting'이라고만 명시됨",
  options: [
    { id: 'A', label: 'IP당 분당 60회', description: '일반적인 API 기본값', risk: '낮음' },
    { id: 'B', label: '사용자당 분당 100회', description: '인증된 사용자 기준', risk: '인증 시스템 필요', pros: ['exact'], cons: 'needs auth' },
  ],
  recommendation: 'A',
  status: 'pending',
  x_custom: { keep: true },
};

export const MULTI_CRP = {
  crp_id: 'crp-002',
  created_at: '2024-01-15T15:02:00Z',
  created_by: 'gatekeeper',
  type: 'security',
  context: 'Two security decisions.',
  questions: [
    { id: 'q1', question: 'Limit by?', options: [{ id: 'A', label: 'IP' }, { id: 'B', label: 'User' }], recommendation: 'A' },
    { id: 'q2', question: 'Over the limit?', options: [{ id: 'A', label: '429' }, { id: 'B', label: 'Tarpit' }], recommendation: 'A' },
  ],
  status: 'pending',
};

/** state.json laid out by hand (one-line agents, an unknown field): rewrites must keep every byte of it. */
export function stateJson(pending: string | null, extra = ''): string {
  return `{
  "run_id": "run-20260115143022",
  "phase": "waiting_human",
  "iteration": 1,
  "max_iterations": 3,
  "agents": {
    "refiner": { "status": "completed", "completed_at": "2026-01-15T14:31:48Z" },
    "builder": { "status": "running", "started_at": "2026-01-15T14:31:50Z" },
    "verifier": { "status": "pending" },
    "gatekeeper": { "status": "pending" }
  },
  "pending_crp": ${JSON.stringify(pending)},${extra}
  "history": [ { "phase": "refine", "result": "completed", "timestamp": "2026-01-15T14:31:48Z" } ],
  "x_dashboard": {"pinned":true,   "note":"hand-spaced"}
}
`;
}

export function json(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}
