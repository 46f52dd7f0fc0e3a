import path from 'node:path';
import * as vscode from 'vscode';
import { containedPathSync } from '../../core/io/contained-path';
import type { OrchestralCrpDecision, OrchestralRun, RunAgent, RunVcr } from '../../core/formats/orchestral/model';
import { AWAITING_RESUME_TEXT, dollars, tokenBreakdown, usageText } from '../../core/formats/orchestral/usage-text';
import { decisionText } from '../../core/formats/orchestral/vcr-text';
import { decisionKey, type ItemProblem } from '../../core/model/items';
import { unreadableTooltip, unreadableTreeItem } from '../unreadable-item';
import { folderTreeItem } from '../folder-item';
import { placeKey, placeTreeItem, shortWhere, thisFolderTreeItem, type PlaceGroup } from '../places/place-groups';
import { OPEN_FILE_COMMAND } from './run-file-command';
import { agentIcon, escape, phaseIcon, readable, verdictIcon } from './run-style';

/*
 * The Runs view's rows. Each node class owns its TreeItem. contextValue scheme (menus match it by regex):
 * `run:orchestral:<phase>[:error][:mrp]`, `agent:orchestral:<status>[:error]`, `runfile`, `runfolder`,
 * `vcr:orchestral`, `decision:orchestral:crp`.
 */

export { OPEN_FILE_COMMAND };

export class FolderNode {
  constructor(readonly root: string) {}
  getTreeItem(): vscode.TreeItem {
    return folderTreeItem(this.root, `runs-folder:${this.root}`, 'folder:runs');
  }
}

/** "This folder": the folder's own runs, when other worktrees or refs have runs that differ. */
export class RunsHereNode {
  count = 0;
  constructor(readonly root: string) {}
  getTreeItem(): vscode.TreeItem {
    return thisFolderTreeItem(`runs-here:${this.root}`, 'place:orchestral:here', this.count, 'runs');
  }
}

/** Another worktree or ref whose runs differ from the folder's (folded; its runs listed when unfolded). */
export class RunsPlaceNode {
  constructor(readonly root: string, public group: PlaceGroup<OrchestralRun>) {}
  getTreeItem(): vscode.TreeItem {
    return placeTreeItem(`runs-place:${this.root}:${this.group.key}`, `place:orchestral:${this.group.elsewhere.ref !== undefined ? 'ref' : 'worktree'}`,
      this.group, 'runs');
  }
}

export class RunNode {
  /** The Dure mission task this run was started for ("task-003 of <mission title>"), when a mission names it. */
  missionTask: string | null = null;
  constructor(public run: OrchestralRun, public decisions: readonly OrchestralCrpDecision[]) {}

  getTreeItem(): vscode.TreeItem {
    const r = this.run;
    if (r.unreadable) return this.unreadableItem(r.unreadable);
    // A ref's run has no folder on disk to unfold (its files are git objects): the row says what state.json says.
    const item = new vscode.TreeItem(r.title, r.elsewhere?.ref !== undefined ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = r.elsewhere ? `run:${placeKey(r.elsewhere)}:${r.dir}` : `run:${r.dir}`;
    const parts = [...(r.elsewhere ? [shortWhere(r.elsewhere)] : []), r.awaitingResume ? AWAITING_RESUME_TEXT : r.phase ? readable(r.phase) : 'no state.json'];
    if (r.iteration !== null) parts.push(`iteration ${r.iteration}/${r.maxIterations ?? '?'}`);
    if (r.minorFixAttempts) parts.push(`minor fix ${r.minorFixAttempts}/${r.maxMinorFixAttempts ?? '?'}`);
    if (r.verdict) parts.push(r.verdict.previous ? `${r.verdict.verdict} of iteration ${r.verdict.iteration ?? '?'}` : r.verdict.verdict);
    if (r.hasError) parts.push('error');
    if (this.decisions.length) parts.push(`${this.decisions.length} needs you`);
    if (this.missionTask) parts.push(`mission ${this.missionTask}`);
    if (r.costUsd) parts.push(dollars(r.costUsd));
    item.description = parts.join(' · ');
    item.iconPath = phaseIcon(r.phase, r.hasError, r.awaitingResume !== null);
    // Another place's run is shown, not acted on (the run commands work on this folder's runs).
    item.contextValue = r.elsewhere ? `run-elsewhere:orchestral:${r.elsewhere.ref !== undefined ? 'ref' : 'worktree'}`
      : `run:orchestral:${r.phase ?? ''}${r.awaitingResume ? ':answered' : ''}${r.hasError ? ':error' : ''}${r.mrp ? ':mrp' : ''}`;
    return item;
  }

  /**
   * A run whose state.json cannot be read: the shared unreadable row (error icon, the problem, a click opens
   * state.json at it), still folded open onto the run's other files, which read on their own (its CRPs, its MRP).
   */
  private unreadableItem(problem: ItemProblem): vscode.TreeItem {
    const r = this.run;
    const item = unreadableTreeItem(`run:${r.dir}`, { ...r, unreadable: problem }, 'state.json', r.title);
    item.collapsibleState = vscode.TreeItemCollapsibleState.Collapsed;
    item.contextValue = `run:orchestral:unreadable:error${r.mrp ? ':mrp' : ''}`;
    return item;
  }

  tooltip(): vscode.MarkdownString {
    const r = this.run;
    if (r.unreadable) return unreadableTooltip(r.title, 'state.json', r.unreadable, 'run\'s phase and agents');
    const md = new vscode.MarkdownString('', true);
    md.appendMarkdown(`**${escape(r.title)}**\n\n`);
    md.appendMarkdown(`\`${r.id}\` in \`${r.base}/\`${r.runId && r.runId !== r.id ? ` (run_id \`${escape(r.runId)}\`)` : ''}\n\n`);
    md.appendMarkdown(`Phase: **${escape(r.phase ?? 'unknown')}**`);
    if (r.iteration !== null) md.appendMarkdown(` · iteration ${r.iteration} of ${r.maxIterations ?? '?'}`);
    if (r.minorFixAttempts !== null) md.appendMarkdown(` · minor fixes ${r.minorFixAttempts} of ${r.maxMinorFixAttempts ?? '?'}`);
    md.appendMarkdown('\n\n');
    if (r.awaitingResume) {
      const w = r.awaitingResume;
      md.appendMarkdown(`Answered${w.crpId ? ` (${escape(w.crpId)}${w.vcrId ? ` by ${escape(w.vcrId)}` : ''})` : ''}: waiting for Dure to resume the run` +
        `${w.agent ? ` and restart the ${escape(w.agent)}` : ''}. Nothing waits on you.\n\n`);
    }
    for (const a of r.agents) {
      md.appendMarkdown(`- ${escape(a.name)}: ${escape(a.status ?? '—')}${a.model ? ` · ${escape(a.model)}` : ''}${a.done !== null ? ' · done' : ''}` +
        `${a.error !== null ? ' · **error.flag**' : ''}${a.usage && usageText(a.usage) ? ` · ${escape(usageText(a.usage))}` : ''}\n`);
    }
    if (r.verdict) {
      const of = r.verdict.previous ? ` (of ${r.verdict.iteration !== null ? `iteration ${r.verdict.iteration}` : 'an earlier iteration'}, before this retry)` : '';
      md.appendMarkdown(`\nVerdict: **${escape(r.verdict.verdict)}**${escape(of)}${r.verdict.reason ? ` — ${escape(r.verdict.reason)}` : ''}\n`);
    }
    if (r.tokens) {
      const u = { tokens: r.tokens, costUsd: r.costUsd };
      md.appendMarkdown(`\nUsage: ${escape(usageText(u) || 'nothing yet')}${r.tokens.total ? ` (${escape(tokenBreakdown(u))})` : ''}\n`);
    }
    if (r.modelSelection) {
      const m = r.modelSelection;
      md.appendMarkdown(`\nModels: ${escape([m.method, m.level, m.score !== null ? `score ${m.score}` : ''].filter(Boolean).join(' · ') || 'chosen')}` +
        `${m.reasoning ? ` — ${escape(m.reasoning)}` : ''}\n`);
    }
    for (const e of r.errors.slice(-3)) md.appendMarkdown(`\nError: ${escape(e)}\n`);
    if (r.startedAt) md.appendMarkdown(`\nStarted ${escape(r.startedAt)}${r.updatedAt ? ` · updated ${escape(r.updatedAt)}` : ''}\n`);
    return md;
  }
}

/** A pending CRP of the run: opens the answer form. */
export class DecisionRowNode {
  readonly decisionKey: string;
  constructor(readonly decision: OrchestralCrpDecision) {
    this.decisionKey = decisionKey(decision);
  }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(`Needs you: ${this.decision.id}`, vscode.TreeItemCollapsibleState.None);
    item.description = this.decision.question;
    item.tooltip = `${this.decision.question}\n\nClick to answer.`;
    item.iconPath = new vscode.ThemeIcon('bell-dot', new vscode.ThemeColor('list.warningForeground'));
    item.contextValue = 'decision:orchestral:crp';
    item.command = { command: 'baton.openDecision', title: 'Answer', arguments: [this.decisionKey] };
    return item;
  }
}

export class AgentNode {
  constructor(readonly run: OrchestralRun, readonly agent: RunAgent, readonly hasFolder: boolean) {}
  /** The agent's folder in the run (the refiner writes into briefing/); null when its name leads out of the run. */
  get folder(): string | null {
    const name = this.agent.name === 'refiner' ? 'briefing' : this.agent.name;
    const inside = containedPathSync(this.run.dir, name, { what: 'the run folder' });
    return inside.ok && !inside.relative.includes('/') ? inside.absolute : null;
  }
  getTreeItem(): vscode.TreeItem {
    const a = this.agent;
    const item = new vscode.TreeItem(a.name, this.hasFolder ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = `agent:${this.run.dir}:${a.name}`;
    const flags = [a.done !== null && 'done', a.error !== null && 'error.flag'].filter(Boolean);
    const cost = a.usage?.costUsd ? dollars(a.usage.costUsd) : '';
    item.description = [readable(a.status ?? 'not in state.json'), a.model, ...flags, cost].filter(Boolean).join(' · ');
    item.iconPath = agentIcon(a.status, a.error !== null);
    item.tooltip = [
      a.error !== null ? `error.flag: ${a.error || '(empty)'}` : a.stateError ? `error: ${a.stateError}` : '',
      a.completedAt ? `completed ${a.completedAt}` : a.startedAt ? `started ${a.startedAt}` : '',
      a.timeoutAt && !a.completedAt ? `times out ${a.timeoutAt}` : '',
      a.usage && usageText(a.usage) ? `${usageText(a.usage)} (${tokenBreakdown(a.usage)})` : '',
    ].filter(Boolean).join('\n') || undefined;
    item.contextValue = `agent:orchestral:${a.status ?? ''}${a.error !== null ? ':error' : ''}`;
    return item;
  }
}

/** A fixed row that opens one file (verdict, test results, events.log…). */
export class InfoNode {
  constructor(readonly id: string, readonly label: string, readonly description: string, readonly icon: vscode.ThemeIcon,
    readonly file: string | null, readonly command?: vscode.Command, readonly tooltip?: string) {}
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = this.description;
    item.iconPath = this.icon;
    item.tooltip = this.tooltip;
    item.contextValue = this.file ? 'runfile' : 'runinfo';
    item.command = this.command ?? (this.file ? openFile(this.file) : undefined);
    return item;
  }
}

/** A titled group whose rows are given (Decisions). */
export class SectionNode {
  constructor(readonly id: string, readonly label: string, readonly description: string, readonly icon: vscode.ThemeIcon,
    readonly rows: readonly (InfoNode | VcrNode)[]) {}
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.description = this.description;
    item.iconPath = this.icon;
    return item;
  }
}

/** A file or folder of the run on disk, listed when its parent is expanded. */
export class FsNode {
  constructor(readonly file: string, readonly isFolder: boolean, readonly label?: string, readonly description?: string) {}
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.Uri.file(this.file), this.isFolder ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    if (this.label) item.label = this.label;
    item.description = this.description;
    const flag = path.basename(this.file) === 'error.flag';
    if (flag) item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed'));
    item.contextValue = this.isFolder ? 'runfolder' : 'runfile';
    if (!this.isFolder) item.command = openFile(this.file);
    return item;
  }
}

/** A past decision: one VCR of the run. */
export class VcrNode {
  constructor(readonly vcr: RunVcr) {}
  getTreeItem(): vscode.TreeItem {
    const v = this.vcr;
    const item = new vscode.TreeItem(`${v.vcrId}${v.crpId ? ` → ${v.crpId}` : ''}`, vscode.TreeItemCollapsibleState.None);
    item.description = [decisionText(v.decision), v.rationale].filter(Boolean).join(' · ');
    const tip = new vscode.MarkdownString('', true);
    tip.appendMarkdown(`**${escape(v.vcrId)}**${v.crpId ? ` answers ${escape(v.crpId)}` : ''}${v.createdAt ? ` · ${escape(v.createdAt)}` : ''}\n\n`);
    tip.appendMarkdown(`Decision: ${escape(decisionText(v.decision) || '—')}\n\n`);
    if (v.rationale) tip.appendMarkdown(`Rationale: ${escape(v.rationale)}\n\n`);
    if (v.additionalNotes) tip.appendMarkdown(`Notes: ${escape(v.additionalNotes)}\n\n`);
    if (v.appliesToFuture) tip.appendMarkdown('Applies to future runs.\n');
    item.tooltip = tip;
    item.iconPath = new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'));
    item.contextValue = 'vcr:orchestral';
    item.command = openFile(v.file);
    return item;
  }
}

export type RunTreeNode = FolderNode | RunsHereNode | RunsPlaceNode | RunNode | DecisionRowNode | AgentNode | InfoNode | SectionNode | FsNode | VcrNode;

export function verdictRow(run: OrchestralRun): InfoNode | undefined {
  const v = run.verdict;
  if (!v) return undefined;
  return new InfoNode(`verdict:${run.dir}`, `Verdict ${v.verdict}`, [v.iteration !== null && `iteration ${v.iteration}`, v.previous && 'before this retry', v.reason].filter(Boolean).join(' · '),
    verdictIcon(v.verdict), v.file, undefined, [v.reason, ...v.issues.map((i) => `• ${i}`)].filter(Boolean).join('\n'));
}

function openFile(file: string): vscode.Command {
  return { command: OPEN_FILE_COMMAND, title: 'Open', arguments: [file] };
}
