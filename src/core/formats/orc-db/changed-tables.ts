import { leafRowids, mapPages, type BtreeRoot, type PageMap } from '../../io/sqlite-btree';
import type { FollowedImage } from '../../io/sqlite-follower';
import type { OrcDbSource } from './engine';
import { AGGREGATE_TREES, COUNTED_TABLES, ROW_TABLES, type TableChanges } from './table-set';

/** What a mapped tree is to the model. */
type TreeRole = { readonly kind: 'rows' | 'aggregate'; readonly table: string } | { readonly kind: 'schema' };

/**
 * Turns the pages one commit wrote into the tables (and, for row tables, the rowids) the model must read again, from
 * the b-tree page map of the database (io/sqlite-btree.ts). The map is built for the trees the model reads — each row
 * table, each counted table's index on task_id, the migration ledger — and built again only when page 1 changed
 * (pages were allocated or freed: see sqlite-btree.ts for why that is enough). A changed schema (the schema cookie),
 * or a migration recorded, means "read everything": null.
 */
export class ChangedTables {
  private map: PageMap | undefined;
  private roles: TreeRole[] = [];
  private cookie = -1;
  /** How many times the page map was built (tests, bench). */
  maps = 0;

  /** After a whole read: remembers the schema and maps the image's pages. */
  reset(read: FollowedImage, src: OrcDbSource): void {
    this.cookie = schemaCookie(read.image);
    const roots: BtreeRoot[] = [];
    this.roles = [];
    const trees = new Map(src.all(`SELECT type, name, tbl_name, rootpage FROM sqlite_master WHERE rootpage > 0`)
      .map((r) => [String(r.name), { root: Number(r.rootpage), table: r.type === 'table' }]));
    const add = (name: string, role: TreeRole) => {
      const tree = trees.get(name);
      if (!tree) return;
      roots.push({ name, rootPage: tree.root, table: tree.table });
      this.roles.push(role);
    };
    for (const table of ROW_TABLES) add(table, { kind: 'rows', table });
    for (const table of [...COUNTED_TABLES, 'phase_outputs']) {
      const index = AGGREGATE_TREES[table]!;
      add(trees.has(index) ? index : table, { kind: 'aggregate', table });
    }
    add('_migrations', { kind: 'schema' });
    this.roots = roots;
    this.map = mapPages(read.image, read.pageSize, roots);
    this.maps++;
  }

  private roots: BtreeRoot[] = [];

  /** The tables a followed read changed; null when everything must be read again. Throws on a malformed image. */
  changes(read: FollowedImage): TableChanges | null {
    const empty: TableChanges = { rowids: new Map(), whole: new Set(), aggregates: new Set() };
    if (!read.changed || !this.map) return null;
    if (!read.changed.size) return empty;
    if (schemaCookie(read.image) !== this.cookie) return null;
    const before = this.map;
    const after = read.changed.has(1) ? mapPages(read.image, read.pageSize, this.roots) : before;
    if (after !== before) this.maps++;
    this.map = after;
    const rowids = new Map<string, Set<number>>();
    const aggregates = new Set<string>();
    for (const [page, old] of read.changed) {
      if (page === 1) continue; // the header (and sqlite_master, which only changes with the schema cookie)
      const now = page <= after.pages ? read.image.subarray((page - 1) * read.pageSize, page * read.pageSize) : undefined;
      for (const [map, bytes] of [[before, old], [after, now]] as const) {
        const owner = page <= map.pages ? map.owner[page]! : -1;
        const role = owner >= 0 ? this.roles[owner] : undefined;
        if (!role) continue;
        if (role.kind === 'schema') return null;
        if (role.kind === 'aggregate') { aggregates.add(role.table); continue; }
        let ids = rowids.get(role.table);
        if (!ids) rowids.set(role.table, ids = new Set());
        const overflow = map.overflowRowid.get(page);
        if (overflow !== undefined) ids.add(overflow);
        else if (bytes) for (const id of leafRowids(bytes, page)) ids.add(id);
      }
    }
    return { rowids, whole: new Set(), aggregates };
  }
}

/** The schema cookie (header offset 40): SQLite bumps it with every change to the schema. */
function schemaCookie(image: Uint8Array): number {
  if (image.length < 44) return -1;
  return ((image[40]! << 24) >>> 0) + ((image[41]! << 16) | (image[42]! << 8) | image[43]!);
}
