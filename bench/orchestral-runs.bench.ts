import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { answerCrp } from '../src/core/formats/orchestral/answer';
import { OrchestralAdapter } from '../src/core/formats/orchestral/adapter';
import type { OrchestralCrpDecision } from '../src/core/formats/orchestral/model';
import { OrchestrationService } from '../src/core/service/orchestration-service';
import { CACHE_DIR } from './lib/cache';
import { ms, time, type Measurement } from './lib/measurement';

const RUNS = 1000;
const RECIPE = 'orchestral-v1';
const TARGETS = { scan: 3000, floorRatio: 3, refresh: 50, answer: 50 };

/** 1000 runs in .orchestral/: state.json, a 40-line events.log, a CRP (every fifth pending), a VCR and a verdict each. */
function workspace(log: (s: string) => void): string {
  const root = path.join(CACHE_DIR, `orchestral-${RUNS}`);
  const stamp = path.join(root, '.recipe');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === RECIPE) return root;
  rmSync(root, { recursive: true, force: true });
  const started = Date.now();
  for (let i = 0; i < RUNS; i++) {
    const id = `run-2026${String(101000000 + i).slice(1)}`;
    const dir = path.join(root, '.orchestral', 'runs', id);
    const pending = i % 5 === 0;
    const write = (rel: string, text: string) => { mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true }); writeFileSync(path.join(dir, rel), text); };
    write('state.json', JSON.stringify({ run_id: id, phase: pending ? 'waiting_human' : 'completed', iteration: 1 + (i % 3), max_iterations: 3,
      agents: { refiner: { status: 'completed' }, builder: { status: pending ? 'completed' : 'completed' }, verifier: { status: pending ? 'pending' : 'completed' },
        gatekeeper: { status: pending ? 'pending' : 'completed' } }, pending_crp: pending ? 'crp-001' : null,
      history: [{ phase: 'refine', result: 'completed', timestamp: '2026-01-15T14:31:48Z' }] }, null, 2));
    write('events.log', Array.from({ length: 40 }, (_, n) =>
      `2026-01-15T14:${String(n % 60).padStart(2, '0')}:00Z [info] agent.completed agent="builder" duration_ms=${n * 1000} files=["src/a${n}.ts"]`).join('\n') + '\n');
    write(`crp/crp-${1736951700 + i}.json`, JSON.stringify({ crp_id: 'crp-001', created_by: 'builder', type: 'architecture',
      question: `Question ${i}?`, context: 'x'.repeat(300), options: [{ id: 'A', label: 'A', pros: ['p'], cons: ['c'] }, { id: 'B', label: 'B' }],
      recommendation: 'A', status: pending ? 'pending' : 'resolved' }, null, 2));
    if (!pending) write('vcr/vcr-001.json', JSON.stringify({ vcr_id: 'vcr-001', crp_id: 'crp-001', decision: 'A', rationale: 'r', applies_to_future: false }, null, 2));
    write('gatekeeper/verdict.json', JSON.stringify({ verdict: pending ? 'NEEDS_HUMAN' : 'PASS', iteration: 1 }));
  }
  writeFileSync(stamp, RECIPE);
  log(`generated ${RUNS} runs in ${path.relative(process.cwd(), root)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return root;
}

/**
 * Orchestral/Dure at scale: a cold scan of 1000 runs (no index cache), re-reading one changed CRP (one file read,
 * the system re-linked), and answering a CRP (VCR + CRP + state.json written, each checked against its hash).
 */
export const measurement: Measurement = {
  name: 'orchestral-runs',
  description: `${RUNS} Orchestral runs: cold scan, one-file refresh, answering a CRP`,
  async run(log) {
    const root = workspace(log);
    // The floor: the files the reader reads, listed the way it lists them, and every byte read (issue 18: ≤ 3× it).
    const floor = await time(async () => { for (const f of await new OrchestralAdapter().discover({ root })) readFileSync(f); }, 7, 2);
    let service = new OrchestrationService({ folders: [{ root }] });
    const scan = await time(async () => { service = new OrchestrationService({ folders: [{ root }] }); await service.scan(); }, 5, 1);
    const decisions = service.decisions() as OrchestralCrpDecision[];
    if (decisions.length !== RUNS / 5) throw new Error(`expected ${RUNS / 5} pending CRPs, read ${decisions.length}`);
    const crp = decisions[0]!.file;
    const refresh = await time(async () => { await service.fileChanged(crp); });

    // Answering writes: each round answers a pending CRP of its own small copy.
    const scratch = path.join(CACHE_DIR, 'orchestral-answer');
    const source = decisions[1]!;
    const answer = await time(async () => {
      rmSync(scratch, { recursive: true, force: true });
      const run = path.join(scratch, '.orchestral', 'runs', source.run);
      mkdirSync(path.join(run, 'crp'), { recursive: true });
      writeFileSync(path.join(run, 'state.json'), readFileSync(source.stateFile!));
      writeFileSync(path.join(run, 'crp', path.basename(source.file)), readFileSync(source.file));
      const outcome = await answerCrp({ crpFile: path.join(run, 'crp', path.basename(source.file)), crpId: source.id, runDir: run,
        shownCrpHash: source.crpHash, shownStateHash: source.stateHash }, { decision: 'B', rationale: 'bench', additionalNotes: '', appliesToFuture: false });
      if (!outcome.ok) throw new Error(outcome.message);
    }, 15, 3);
    rmSync(scratch, { recursive: true, force: true });
    return [
      { label: `cold scan, ${RUNS} runs (${RUNS * 5} files)`, value: ms(scan.median), target: `≤ ${TARGETS.scan} ms`, ok: scan.median <= TARGETS.scan },
      { label: 'I/O floor (list the same files, read their bytes)', value: ms(floor.median) },
      { label: 'cold scan / I/O floor', value: `${(scan.median / floor.median).toFixed(2)}×`, target: `≤ ${TARGETS.floorRatio}×`, ok: scan.median <= TARGETS.floorRatio * floor.median },
      { label: 'one CRP changed: re-read + re-link', value: ms(refresh.median), target: `≤ ${TARGETS.refresh} ms`, ok: refresh.median <= TARGETS.refresh },
      { label: 'answer a CRP (copy + 3 checked writes)', value: ms(answer.median), target: `≤ ${TARGETS.answer} ms`, ok: answer.median <= TARGETS.answer },
    ];
  },
};
