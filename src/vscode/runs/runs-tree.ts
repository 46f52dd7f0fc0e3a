import { promises as fs } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { withAccessibleName } from '../tree-accessibility';
import type { OrchestralCrpDecision, OrchestralMission, OrchestralPlanDecision, OrchestralRun } from '../../core/formats/orchestral/model';
import { tokenBreakdown, usageText } from '../../core/formats/orchestral/usage-text';
import { containedPath } from '../../core/io/contained-path';
import { itemKey } from '../../core/model/items';
import type { IndexChange, OrchestrationService } from '../../core/service/orchestration-service';
import { Disposable } from '../../core/util/disposable';
import { PlaceNodes } from '../places/place-groups';
import { ApprovePlanNode, MissionNode, MissionPhaseNode, MissionsNode, MissionTaskNode, type MissionTreeNode } from './mission-nodes';
import { AgentNode, DecisionRowNode, FolderNode, FsNode, InfoNode, RunNode, RunsHereNode, RunsPlaceNode, SectionNode, VcrNode, verdictRow, type RunTreeNode as RunRowNode } from './run-nodes';

export type RunTreeNode = RunRowNode | MissionTreeNode;

/**
 * The Runs view: Orchestral/Dure runs newest first. A run shows what needs you, its agents (status, done and
 * error flags; expand for the agent's files and outputs), verdict, tests, briefing, events, past decisions
 * (VCRs) and its Merge-Readiness Pack. A change refreshes only the runs it touched. Dure's missions are listed
 * above the runs (Missions → mission → phase → task; a task that started a run reveals it).
 */
export class RunsTreeProvider extends Disposable implements vscode.TreeDataProvider<RunTreeNode> {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<RunTreeNode | RunTreeNode[] | undefined>());
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private readonly runNodes = new Map<string, RunNode>();
  private readonly folders = new Map<string, FolderNode>();
  private readonly heres = new Map<string, RunsHereNode>();
  private readonly missionNodes = new Map<string, MissionNode>();
  private readonly missionGroups = new Map<string, MissionsNode>();
  private readonly placeNodes: PlaceNodes<OrchestralRun, RunsPlaceNode>;

  constructor(private readonly service: OrchestrationService) {
    super();
    this.placeNodes = new PlaceNodes(service, (i): i is OrchestralRun => i.system === 'orchestral' && i.kind === 'run', (root, group) => new RunsPlaceNode(root, group));
    this._register(service.onDidChange((change) => this.onServiceChange(change)));
    // Other worktrees and refs (issue 20): their runs come and go as a whole place.
    this._register(service.places.onDidChange(() => this.changeEmitter.fire(undefined)));
  }

  getTreeItem(node: RunTreeNode): vscode.TreeItem {
    return withAccessibleName(node.getTreeItem());
  }

  resolveTreeItem(item: vscode.TreeItem, node: RunTreeNode): vscode.TreeItem {
    if (node instanceof RunNode || node instanceof MissionNode) item.tooltip = node.tooltip();
    return item;
  }

  /** Parents of the rows `reveal` is asked for (a run, from its mission's task): the folder's own runs only. */
  getParent(node: RunTreeNode): RunTreeNode | undefined {
    if (!(node instanceof RunNode) || node.run.elsewhere) return undefined;
    const root = node.run.root;
    if (this.placesOf(root).length) return this.heres.get(root);
    return this.service.folders.length > 1 ? this.folderFor(root) : undefined;
  }

  async getChildren(node?: RunTreeNode): Promise<RunTreeNode[]> {
    if (!node) {
      const roots = this.service.folders;
      if (roots.length > 1) return roots.filter((r) => this.runs(r).length || this.missions(r).length || this.placesOf(r).length).map((r) => this.folderFor(r));
      return roots[0] === undefined ? [] : this.folderChildren(roots[0]);
    }
    if (node instanceof FolderNode) return this.folderChildren(node.root);
    if (node instanceof RunsHereNode) return this.runNodesOf(node.root);
    if (node instanceof RunsPlaceNode) return node.group.items.map((run) => new RunNode(run, []));
    if (node instanceof RunNode) return this.runChildren(node);
    if (node instanceof AgentNode) return node.folder ? listFolder(node.folder) : [];
    if (node instanceof SectionNode) return [...node.rows];
    if (node instanceof MissionsNode) return this.missionNodesOf(node.root);
    if (node instanceof MissionNode) {
      const m = node.mission;
      const plan = this.service.decisions().find((d): d is OrchestralPlanDecision => d.system === 'orchestral' && d.kind === 'plan' && d.missionDir === m.dir && !d.elsewhere);
      return [...(m.awaitingApproval ? [new ApprovePlanNode(m, plan)] : []), ...m.phases.map((p, i) => new MissionPhaseNode(m, p, i))];
    }
    if (node instanceof MissionPhaseNode) return node.phase.tasks.map((t) => new MissionTaskNode(node.mission, t, node.index));
    if (node instanceof FsNode && node.isFolder) return listFolder(node.file);
    return [];
  }

  /**
   * A folder's rows: its runs; or, when other worktrees or refs have runs that differ, "This folder" (the same runs)
   * then one folded node per such place.
   */
  private folderChildren(root: string): RunTreeNode[] {
    const missions = this.missions(root);
    const group = missions.length ? [this.missionGroupFor(root, missions)] : [];
    const places = this.placesOf(root);
    if (!places.length) return [...group, ...this.runNodesOf(root)];
    const here = this.heres.get(root) ?? this.heres.set(root, new RunsHereNode(root)).get(root)!;
    here.count = this.runs(root).length;
    return [...group, here, ...places];
  }

  private missionGroupFor(root: string, missions: readonly OrchestralMission[]): MissionsNode {
    let node = this.missionGroups.get(root);
    if (node) node.missions = missions; else this.missionGroups.set(root, node = new MissionsNode(root, missions));
    return node;
  }

  /** The folder's own missions (another worktree's are not listed), newest first. */
  private missions(root: string): OrchestralMission[] {
    return this.service.items().filter((i): i is OrchestralMission => i.system === 'orchestral' && i.kind === 'mission' && i.root === root && !i.elsewhere);
  }

  private missionNodesOf(root: string): MissionNode[] {
    const order = (m: OrchestralMission) => m.createdAt ?? m.id.replace(/\D/g, '');
    return this.missions(root).sort((a, b) => order(b).localeCompare(order(a)) || b.id.localeCompare(a.id)).map((m) => {
      const key = itemKey(m);
      let node = this.missionNodes.get(key);
      if (node) node.mission = m; else this.missionNodes.set(key, node = new MissionNode(m));
      return node;
    });
  }

  /** Which mission task started each run of the folder (run folder → "task-003"), from the missions' `run_id`s. */
  private missionTasksByRun(root: string): Map<string, string> {
    const byRun = new Map<string, string>();
    for (const m of this.missions(root)) for (const p of m.phases) for (const t of p.tasks) if (t.runDir) byRun.set(t.runDir, t.taskId);
    return byRun;
  }

  /** The node of a mission, for tests. */
  missionNodeFor(mission: OrchestralMission): MissionNode | undefined {
    return this.missionNodes.get(itemKey(mission));
  }

  /** The folder's run whose folder is `dir`, with its node made (for reveal). */
  runNodeAt(dir: string): RunNode | undefined {
    const run = this.service.items().find((i): i is OrchestralRun => i.system === 'orchestral' && i.kind === 'run' && i.dir === dir && !i.elsewhere);
    if (!run) return undefined;
    if (!this.runNodes.has(itemKey(run))) this.runNodesOf(run.root);
    return this.runNodes.get(itemKey(run));
  }

  private placesOf(root: string): RunsPlaceNode[] {
    return this.placeNodes.of(root);
  }

  /** The node of a run, for reveal() and tests. */
  nodeFor(run: OrchestralRun): RunNode | undefined {
    return this.runNodes.get(itemKey(run));
  }

  get runCount(): number {
    return this.service.items().filter((i) => i.system === 'orchestral' && i.kind === 'run').length;
  }

  get missionCount(): number {
    return this.service.items().filter((i) => i.system === 'orchestral' && i.kind === 'mission').length;
  }

  private runs(root: string): OrchestralRun[] {
    return this.service.items().filter((i): i is OrchestralRun => i.system === 'orchestral' && i.kind === 'run' && i.root === root);
  }

  private decisionsOf(run: OrchestralRun): OrchestralCrpDecision[] {
    return this.service.decisions().filter((d): d is OrchestralCrpDecision => d.system === 'orchestral' && d.kind === 'crp' && d.runDir === run.dir);
  }

  private runNodesOf(root: string): RunNode[] {
    // Newest first: by start time when state.json has one, else by the run id (a timestamp in both id styles).
    const order = (r: OrchestralRun) => r.startedAt ?? r.id.replace(/\D/g, '');
    const tasks = this.missionTasksByRun(root);
    return this.runs(root).sort((a, b) => order(b).localeCompare(order(a)) || b.id.localeCompare(a.id)).map((run) => {
      const key = itemKey(run);
      let node = this.runNodes.get(key);
      if (node) { node.run = run; node.decisions = this.decisionsOf(run); } else this.runNodes.set(key, node = new RunNode(run, this.decisionsOf(run)));
      node.missionTask = tasks.get(run.dir) ?? null;
      return node;
    });
  }

  private async runChildren(node: RunNode): Promise<RunTreeNode[]> {
    const run = node.run;
    const rows: RunTreeNode[] = this.decisionsOf(run).map((d) => new DecisionRowNode(d));
    const wait = run.awaitingResume;
    if (wait) {
      // Answered here or in Dure's own form: the run is Dure's to pick up again, nothing is asked of the person.
      const vcr = run.vcrs.find((v) => v.vcrId === wait.vcrId);
      rows.push(new InfoNode(`resume:${run.dir}`, `Answered${wait.crpId ? ` ${wait.crpId}` : ''}`,
        ['waiting for Dure to resume', wait.agent && `it restarts the ${wait.agent}`].filter(Boolean).join(' · '),
        new vscode.ThemeIcon('debug-pause', new vscode.ThemeColor('charts.blue')), vcr?.file ?? run.stateFile, undefined,
        `${wait.vcrId ?? 'The answer'} is written. Dure goes on when it resumes this run: it needs the run to stay in waiting_human ` +
        'with its pending_crp, clears pending_crp itself and moves the phase back to the agent that asked.'));
    }
    for (const a of run.agents) {
      const agent = new AgentNode(run, a, false);
      rows.push(new AgentNode(run, a, agent.folder !== null && await isDir(agent.folder)));
    }
    if (run.tokens && usageText({ tokens: run.tokens, costUsd: run.costUsd })) {
      const u = { tokens: run.tokens, costUsd: run.costUsd };
      rows.push(new InfoNode(`usage:${run.dir}`, 'Usage', usageText(u), new vscode.ThemeIcon('dashboard'), run.stateFile, undefined, tokenBreakdown(u)));
    }
    if (run.modelSelection) {
      const m = run.modelSelection;
      const models = Object.entries(m.models).map(([agent, model]) => `${agent}: ${model}`).join(', ');
      rows.push(new InfoNode(`models:${run.dir}`, 'Models', [m.level, m.score !== null && `score ${m.score}`, m.method].filter(Boolean).join(' · '),
        new vscode.ThemeIcon('symbol-constant'), run.stateFile, undefined, [models, m.reasoning].filter(Boolean).join('\n')));
    }
    const verdict = verdictRow(run);
    if (verdict) rows.push(verdict);
    if (run.results) {
      const t = run.results;
      rows.push(new InfoNode(`tests:${run.dir}`, 'Tests', [t.total !== null && `${t.passed ?? '?'}/${t.total} passed`, t.failed ? `${t.failed} failed` : '',
        t.coverage !== null && `coverage ${t.coverage}%`, t.previous && 'before this retry'].filter(Boolean).join(' · '),
        new vscode.ThemeIcon(t.failed ? 'testing-failed-icon' : 'testing-passed-icon', new vscode.ThemeColor(t.failed ? 'testing.iconFailed' : 'testing.iconPassed')), t.file));
    }
    const briefing = path.join(run.dir, 'briefing');
    if ((await containedPath(run.dir, briefing)).ok && await isDir(briefing)) rows.push(new FsNode(briefing, true, 'Briefing'));
    if (run.eventsFile) {
      const last = run.events?.recent[run.events.recent.length - 1];
      rows.push(new InfoNode(`events:${run.dir}`, 'Events', `${run.events?.count ?? 0} events${last ? ` · last ${last.event}` : ''}`,
        new vscode.ThemeIcon('output'), run.eventsFile));
    }
    const crps = run.crps.filter((c) => c.status !== 'pending' || c.answeredBy !== null);
    if (run.vcrs.length || crps.length) {
      rows.push(new SectionNode(`decisions:${run.dir}`, 'Decisions', `${run.vcrs.length} VCR${run.vcrs.length === 1 ? '' : 's'}`, new vscode.ThemeIcon('history'), [
        ...run.vcrs.map((v) => new VcrNode(v)),
        ...crps.map((c) => new InfoNode(`crp:${c.file}`, c.crpId, `${c.status} · ${c.question}`, new vscode.ThemeIcon('comment-discussion'), c.file)),
      ]));
    }
    if (run.mrp || await isFile(path.join(run.dir, 'mrp', 'summary.md'))) {
      rows.push(new InfoNode(`mrp:${run.dir}`, 'Merge-Readiness Pack', run.mrp?.tests ? `${run.mrp.tests.passed ?? '?'}/${run.mrp.tests.total ?? '?'} tests` : '',
        new vscode.ThemeIcon('git-pull-request'), null, { command: 'baton.openMrp', title: 'Open the Merge-Readiness Pack', arguments: [run.dir] }));
    }
    return rows;
  }

  private folderFor(root: string): FolderNode {
    let node = this.folders.get(root);
    if (!node) this.folders.set(root, node = new FolderNode(root));
    return node;
  }

  private onServiceChange(change: IndexChange): void {
    // A mission's rows (its phases, the Missions group's count) are few: any mission change re-lists the view.
    const missionMoved = change.changed.some((i) => i.system === 'orchestral' && i.kind === 'mission') || change.removed.some((k) => this.missionNodes.has(k));
    for (const key of change.removed) this.missionNodes.delete(key);
    if (missionMoved) { this.changeEmitter.fire(undefined); return; }
    const runs = change.changed.filter((i): i is OrchestralRun => i.system === 'orchestral' && i.kind === 'run');
    const removed = change.removed.some((k) => this.runNodes.has(k));
    const added = runs.some((r) => !this.runNodes.has(itemKey(r)));
    for (const key of change.removed) this.runNodes.delete(key);
    // With other places shown, the folder's own change may make a run there identical (or no longer): re-list.
    if (this.service.places.active && this.service.places.placesOf(change.root).length) { this.changeEmitter.fire(undefined); return; }
    if (removed || added) { this.changeEmitter.fire(undefined); return; }
    const dirty: RunNode[] = [];
    for (const run of runs) {
      const node = this.runNodes.get(itemKey(run))!;
      node.run = run;
      node.decisions = this.decisionsOf(run);
      dirty.push(node);
    }
    if (dirty.length) this.changeEmitter.fire(dirty);
  }
}

async function listFolder(dir: string): Promise<FsNode[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => (e.isFile() || e.isDirectory()) && !e.name.startsWith('.'))
    .sort((a, b) => Number(b.isDirectory()) - Number(a.isDirectory()) || a.name.localeCompare(b.name))
    .map((e) => new FsNode(path.join(dir, e.name), e.isDirectory()));
}

async function isDir(p: string): Promise<boolean> {
  return (await fs.stat(p).catch(() => undefined))?.isDirectory() ?? false;
}

async function isFile(p: string): Promise<boolean> {
  return (await fs.stat(p).catch(() => undefined))?.isFile() ?? false;
}
