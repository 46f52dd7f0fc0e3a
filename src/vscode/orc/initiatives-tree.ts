import * as vscode from 'vscode';
import { withAccessibleName } from '../tree-accessibility';
import type { OrcInitiative, OrcTask } from '../../core/formats/orc/model';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { Disposable } from '../../core/util/disposable';
import { InitiativeFolderNode, InitiativeNode, type InitiativeTreeNode } from './initiative-nodes';

const STATUS_ORDER = ['active', 'draft', 'completed', 'archived'];

/**
 * The Initiatives view: each orc initiative with its status, progress (completed/total tasks), [BLOCKED] mark,
 * vision, owner, dependency chain, tasks, decisions and context files. With several workspace folders, one row per
 * folder that has initiatives, its initiatives under it. Initiatives are few: any orc change re-lists the view.
 */
export class InitiativesTreeProvider extends Disposable implements vscode.TreeDataProvider<InitiativeTreeNode> {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<InitiativeTreeNode | undefined>());
  readonly onDidChangeTreeData = this.changeEmitter.event;

  constructor(private readonly service: OrchestrationService) {
    super();
    this._register(service.onDidChange((change) => {
      if (change.removed.length || change.changed.some((i) => i.system === 'orc')) this.changeEmitter.fire(undefined);
    }));
  }

  getTreeItem(node: InitiativeTreeNode): vscode.TreeItem {
    return withAccessibleName(node.getTreeItem());
  }

  getChildren(node?: InitiativeTreeNode): InitiativeTreeNode[] {
    if (node) return node.children();
    const folders = this.service.folders;
    if (folders.length > 1) {
      return folders.filter((r) => this.initiativesOf(r).length).map((r) => new InitiativeFolderNode(r, () => this.initiativesOf(r)));
    }
    return this.initiativesOf(folders[0]);
  }

  /** The initiatives of one folder, sorted by status then id; their links resolve inside that folder only. */
  private initiativesOf(root: string | undefined): InitiativeNode[] {
    const orc = this.service.items().filter((i) => i.system === 'orc' && i.root === root);
    const initiatives = orc.filter((i): i is OrcInitiative => i.kind === 'initiative');
    const tasks = orc.filter((i): i is OrcTask => i.kind === 'task');
    const rank = (s: string) => { const r = STATUS_ORDER.indexOf(s); return r < 0 ? STATUS_ORDER.length : r; };
    return initiatives
      .sort((a, b) => rank(a.status) - rank(b.status) || a.id.localeCompare(b.id, undefined, { numeric: true }))
      .map((i) => new InitiativeNode(i, (id) => initiatives.find((x) => x.id === id), (id) => tasks.find((t) => t.id === id)));
  }
}
