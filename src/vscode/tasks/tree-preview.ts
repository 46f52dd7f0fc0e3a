import { promises as fs } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import * as z from 'zod';
import { writeFileAtomic } from '../../core/io/atomic-write';
import { readStateTextSync } from '../../core/io/read-text';
import type { Slicer } from '../../core/util/steps';
import { TaskTreeNode } from './task-nodes';

/**
 * "Paint first, check after" for a tree view: the rows a tree showed last time (their labels, icons, descriptions,
 * accessible names — what a person sees, not the items behind them), saved after each change and shown at the next
 * start while the first scan reads the workspace. The scan's rows replace them (the same ids, so what was open stays
 * open). A preview row does nothing when chosen and offers no menu: until the scan has read the files, nothing is
 * known well enough to act on.
 */
const rowSchema: z.ZodType<PreviewRow> = z.lazy(() => z.object({
  id: z.string(),
  label: z.string(),
  description: z.string().optional(),
  icon: z.object({ id: z.string(), color: z.string().optional() }).optional(),
  file: z.string().optional(),
  expanded: z.boolean().optional(),
  collapsible: z.boolean(),
  accessibleLabel: z.string(),
  children: z.array(rowSchema).optional(),
}));

export interface PreviewRow {
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  readonly icon?: { readonly id: string; readonly color?: string };
  /** The row's file (its resourceUri), absolute. */
  readonly file?: string;
  readonly collapsible: boolean;
  readonly expanded?: boolean;
  readonly accessibleLabel: string;
  /** The rows it listed, when it was listed (an expandable row not listed yet has none). */
  readonly children?: readonly PreviewRow[];
}

const fileSchema = z.object({ format: z.literal(1), key: z.string(), rows: z.array(rowSchema) });

/** What a saved row's hover says. */
export const SAVED_ROW_NOTE = 'Shown as Baton last saw it; Baton is reading the workspace again';

/** A node of the preview tree: a saved row (tree-preview.ts) or one of what a first scan read so far (rows-so-far.ts). */
export class PreviewNode extends TaskTreeNode {
  /** `note`: the row's hover, what it is shown from (its children say the same). */
  constructor(readonly row: PreviewRow, readonly parent: PreviewNode | undefined, readonly note: string = SAVED_ROW_NOTE) { super(); }

  get id(): string {
    return this.row.id;
  }

  private listed: PreviewNode[] | undefined;
  get children(): PreviewNode[] {
    return this.listed ??= (this.row.children ?? []).map((r) => new PreviewNode(r, this, this.note));
  }

  getTreeItem(): vscode.TreeItem {
    const r = this.row;
    const item = new vscode.TreeItem(r.label, !r.collapsible ? vscode.TreeItemCollapsibleState.None
      : r.expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = r.id;
    if (r.description !== undefined) item.description = r.description;
    if (r.icon) item.iconPath = new vscode.ThemeIcon(r.icon.id, r.icon.color ? new vscode.ThemeColor(r.icon.color) : undefined);
    if (r.file) item.resourceUri = vscode.Uri.file(r.file);
    item.contextValue = 'preview';
    item.tooltip = this.note;
    item.accessibilityInformation = { label: r.accessibleLabel };
    return item;
  }
}

/** The rows a tree shows now, down to `depth` levels of rows whose children are already listed (no read, no I/O). */
export async function previewRows<T>(provider: vscode.TreeDataProvider<T>, depth: number, parent?: T, slicer?: Slicer): Promise<PreviewRow[]> {
  const rows: PreviewRow[] = [];
  for (const node of (await provider.getChildren(parent)) ?? []) {
    const item = await provider.getTreeItem(node);
    const collapsible = item.collapsibleState !== undefined && item.collapsibleState !== vscode.TreeItemCollapsibleState.None;
    rows.push(previewRowOf(item, collapsible && depth > 1 ? await previewRows(provider, depth - 1, node, slicer) : undefined));
    // With a slicer: other work between slices (the caller makes sure the tree did not change meanwhile).
    if (slicer?.due()) await slicer.pause();
  }
  return rows;
}

/** A row as `item` shows it (label, description, icon, file, folding, accessible name), with the rows it lists. */
export function previewRowOf(item: vscode.TreeItem, children?: readonly PreviewRow[]): PreviewRow {
  const collapsible = item.collapsibleState !== undefined && item.collapsibleState !== vscode.TreeItemCollapsibleState.None;
  const icon = item.iconPath instanceof vscode.ThemeIcon ? { id: item.iconPath.id, ...(item.iconPath.color ? { color: item.iconPath.color.id } : {}) } : undefined;
  const label = typeof item.label === 'string' ? item.label : item.label?.label ?? '';
  return {
    id: item.id ?? label,
    label,
    ...(typeof item.description === 'string' ? { description: item.description } : {}),
    ...(icon ? { icon } : {}),
    ...(item.resourceUri ? { file: item.resourceUri.fsPath } : {}),
    collapsible,
    ...(collapsible ? { expanded: item.collapsibleState === vscode.TreeItemCollapsibleState.Expanded } : {}),
    accessibleLabel: item.accessibilityInformation?.label ?? label,
    ...(children ? { children } : {}),
  };
}

/**
 * The saved preview of one tree in the extension's storage. `key` names what it shows (the folders, the code): a
 * preview saved for other folders or by another build is not shown. A missing, broken or foreign file is ignored.
 */
export class PreviewStore {
  constructor(private readonly file: string) {}

  /**
   * Read synchronously: at a window's start the thread pool is busy with the editor's own reads, and an async read
   * of this small file waited most of a second behind them (measured in editor-startup).
   */
  load(key: string): PreviewNode[] | undefined {
    try {
      const read = readStateTextSync(this.file, 16 * 1024 * 1024);
      if (!read.ok) return undefined;
      const parsed = fileSchema.safeParse(JSON.parse(read.text));
      if (!parsed.success || parsed.data.key !== key) return undefined;
      return parsed.data.rows.map((r) => new PreviewNode(r, undefined));
    } catch {
      return undefined;
    }
  }

  /** What save() writes for these rows. */
  text(key: string, rows: readonly PreviewRow[]): string {
    return JSON.stringify({ format: 1, key, rows });
  }

  async save(key: string, rows: readonly PreviewRow[]): Promise<void> {
    await this.saveText(this.text(key, rows));
  }

  /** Writes text(key, rows), made first (one block, that a caller times). */
  async saveText(text: string): Promise<void> {
    try {
      await fs.mkdir(path.dirname(this.file), { recursive: true });
      await writeFileAtomic(this.file, text, { flush: false });
    } catch {
      // Only a faster first paint is lost.
    }
  }
}
