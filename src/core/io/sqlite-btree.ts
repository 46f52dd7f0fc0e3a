/**
 * Which b-tree each page of a SQLite database image belongs to, read from the bytes
 * (https://www.sqlite.org/fileformat2.html#b_tree_pages), so that the pages a commit wrote name the tables it
 * changed — and, for a table's leaf and overflow pages, the rowids of the rows on them.
 *
 * Why it holds between two images: a page changes owner only by being freed or allocated, and both write page 1
 * (the freelist's count and head live in its header, and a database that grows records its new size there). So when
 * page 1 is not among the pages a commit wrote, every page still belongs to whom it belonged before, and the map
 * of the previous image is the map of the new one; otherwise the map is built again (see changedRows in the orc
 * database follower). Anything that does not parse as SQLite writes it throws: the caller then re-reads everything.
 */

/** A b-tree of the schema: a table (rowid keys) or an index. */
export interface BtreeRoot {
  readonly name: string;
  readonly rootPage: number;
  readonly table: boolean;
}

export const FREELIST = -2;
const UNKNOWN = -1;

export interface PageMap {
  readonly pageSize: number;
  readonly pages: number;
  /** The trees the map was built for, in order; `owner` holds indexes into it. */
  readonly roots: readonly BtreeRoot[];
  /** page → index in `roots`, FREELIST, or -1 (no tree: unused, or a kind of page Baton does not map). */
  readonly owner: Int32Array;
  /** A table's overflow page → the rowid of the row it continues. */
  readonly overflowRowid: ReadonlyMap<number, number>;
}

const INTERIOR_INDEX = 2;
const INTERIOR_TABLE = 5;
const LEAF_INDEX = 10;
const LEAF_TABLE = 13;

export class MalformedDatabaseError extends Error {}

/** Maps every page of `image` reachable from `roots` (plus the freelist). */
export function mapPages(image: Uint8Array, pageSize: number, roots: readonly BtreeRoot[]): PageMap {
  const pages = Math.floor(image.length / pageSize);
  const owner = new Int32Array(pages + 1).fill(UNKNOWN);
  const overflowRowid = new Map<number, number>();
  const usable = pageSize - (image[20] ?? 0);
  const claim = (page: number, who: number) => {
    if (page < 1 || page > pages) throw new MalformedDatabaseError(`page ${page} is outside the database (${pages} pages)`);
    if (owner[page] !== UNKNOWN) throw new MalformedDatabaseError(`page ${page} belongs to two trees`);
    owner[page] = who;
  };
  roots.forEach((root, index) => {
    const stack = [root.rootPage];
    while (stack.length) {
      const page = stack.pop()!;
      claim(page, index);
      const at = (page - 1) * pageSize + (page === 1 ? 100 : 0);
      const kind = image[at];
      const cells = u16(image, at + 3);
      const interior = kind === INTERIOR_INDEX || kind === INTERIOR_TABLE;
      if (kind !== INTERIOR_INDEX && kind !== INTERIOR_TABLE && kind !== LEAF_INDEX && kind !== LEAF_TABLE) {
        throw new MalformedDatabaseError(`page ${page} of ${root.name} is not a b-tree page (type ${kind})`);
      }
      if (interior) stack.push(u32(image, at + 8));
      const pointers = at + (interior ? 12 : 8);
      const base = (page - 1) * pageSize;
      for (let c = 0; c < cells; c++) {
        let cell = base + u16(image, pointers + 2 * c);
        if (interior) { stack.push(u32(image, cell)); cell += 4; }
        if (kind === INTERIOR_TABLE) continue; // a key and a child, no payload
        const [payload, afterSize] = varint(image, cell);
        let rowid = 0;
        let local = afterSize;
        if (kind === LEAF_TABLE) [rowid, local] = varint(image, afterSize);
        const inPage = localPayload(payload, usable, kind === LEAF_TABLE);
        if (inPage < payload) {
          // The first overflow page follows the part kept in the page; each one starts with the next one's number.
          let next = u32(image, local + inPage);
          for (let guard = 0; next && guard <= pages; guard++) {
            claim(next, index);
            if (kind === LEAF_TABLE) overflowRowid.set(next, rowid);
            next = u32(image, (next - 1) * pageSize);
          }
        }
      }
    }
  });
  // The freelist: trunk pages chained from the header (offset 32), each listing leaf pages.
  for (let trunk = u32(image, 32), guard = 0; trunk && guard <= pages; guard++) {
    claim(trunk, FREELIST);
    const at = (trunk - 1) * pageSize;
    const leaves = u32(image, at + 4);
    if (leaves > usable / 4) throw new MalformedDatabaseError(`freelist trunk page ${trunk} lists ${leaves} pages`);
    for (let l = 0; l < leaves; l++) claim(u32(image, at + 8 + 4 * l), FREELIST);
    trunk = u32(image, at);
  }
  return { pageSize, pages, roots, owner, overflowRowid };
}

/** The rowids of the cells on one table leaf page (its bytes alone); an empty list for any other kind of page. */
export function leafRowids(page: Uint8Array, pageNumber: number): number[] {
  const at = pageNumber === 1 ? 100 : 0;
  if (page[at] !== LEAF_TABLE) return [];
  const cells = u16(page, at + 3);
  const out: number[] = [];
  for (let c = 0; c < cells; c++) {
    const cell = u16(page, at + 8 + 2 * c);
    const [, afterSize] = varint(page, cell);
    out.push(varint(page, afterSize)[0]);
  }
  return out;
}

/** How much of a payload of `p` bytes a page keeps (the rest goes to overflow pages): SQLite's formula. */
function localPayload(p: number, usable: number, tableLeaf: boolean): number {
  const max = tableLeaf ? usable - 35 : Math.floor(((usable - 12) * 64) / 255) - 23;
  if (p <= max) return p;
  const min = Math.floor(((usable - 12) * 32) / 255) - 23;
  const k = min + ((p - min) % (usable - 4));
  return k <= max ? k : min;
}

/** A SQLite varint at `at`: [value, offset after it]. Values beyond 2^53 lose precision (rowids never get there). */
function varint(b: Uint8Array, at: number): [number, number] {
  let value = 0;
  for (let i = 0; i < 8; i++) {
    const byte = b[at + i];
    if (byte === undefined) throw new MalformedDatabaseError('a varint runs past the page');
    value = value * 128 + (byte & 0x7f);
    if (byte < 0x80) return [value, at + i + 1];
  }
  const last = b[at + 8];
  if (last === undefined) throw new MalformedDatabaseError('a varint runs past the page');
  return [value * 256 + last, at + 9];
}

function u16(b: Uint8Array, at: number): number {
  if (at + 2 > b.length) throw new MalformedDatabaseError('a field runs past the image');
  return (b[at]! << 8) | b[at + 1]!;
}

function u32(b: Uint8Array, at: number): number {
  if (at + 4 > b.length) throw new MalformedDatabaseError('a field runs past the image');
  return ((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);
}
