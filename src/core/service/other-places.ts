import type { Diagnostic } from '../model/diagnostic';
import type { Elsewhere } from '../model/items';
import type { SourceContext, WatchPattern } from '../model/adapter';
import type { SystemId } from '../model/system';
import type { IDisposable } from '../util/disposable';
import type { Event } from '../util/event';
import type { Owner } from './ownership';
import type { Decision, WorkItem } from './work-item';

/*
 * What the service knows of the folders' other places — other worktrees and refs (issue 20) — and what those need
 * from it. The places are built above the service (src/core/places/, which reads with the service's own indexes);
 * the service gets them through `ServiceOptions.places`, a factory, so it never imports them.
 */

/**
 * Which other places a folder's state is read from. `trusted`: git runs only when the workspace is trusted (a
 * repository's config can make git run programs; Baton turns those off, and still runs no git in a workspace the
 * user has not trusted). Without trust, or with nothing asked, only the folder's own files are read.
 */
export interface PlacesSettings {
  readonly trusted: boolean;
  /** Every other worktree of the folder's repository. */
  readonly worktrees: boolean;
  /** Ref globs over branches and remote-tracking refs (`origin/*`, `feature/*`). */
  readonly refs: readonly string[];
}

/** What the places need from the OrchestrationService. */
export interface PlacesHost {
  readonly folders: readonly string[];
  contextOf(root: string): SourceContext | undefined;
  items(): WorkItem[];
  decisions(): Decision[];
  diagnostics(): Diagnostic[];
  ownersOf(root: string, relPath: string): Owner[];
  /** The parsed records of one system in a folder's index, by file (home-directory systems' sessions are mapped to worktrees). */
  records(root: string, system: SystemId): { file: string; record: unknown }[];
  /** Runs a task in the service's queue (after the scan or re-read running now, before the next). */
  serially<T>(task: () => Promise<T>): Promise<T>;
  /** Fires when the folders' own state changed (the elsewhere view is computed against it). */
  readonly onDidChange: Event<unknown>;
  /** The service's clock (orphan detection in other places uses the same). */
  readonly now?: () => number;
}

/** A folder whose other places changed (worktrees or refs appeared, went, or moved; a worktree's file changed). */
export interface PlacesChange {
  readonly root: string;
}

/** What the other places add to a folder's own state: nothing the folder itself already shows. */
export interface ElsewhereState {
  readonly items: readonly WorkItem[];
  readonly decisions: readonly Decision[];
  readonly diagnostics: readonly Diagnostic[];
}

/** An owner of a path in another place, with where. */
export type OwnerElsewhere = Owner & { readonly elsewhere: Elsewhere };

/** What one place (another worktree, a ref) holds, each marked with where it is. */
export interface PlaceState {
  readonly elsewhere: Elsewhere;
  /** The folder its files are named under: the worktree's copy of the folder, or (a ref) the folder itself. */
  readonly root: string;
  readonly items: readonly WorkItem[];
  readonly decisions: readonly Decision[];
  readonly diagnostics: readonly Diagnostic[];
  /** Every parsed record of one system, by file (the ownership of the place is built from them). */
  records(system: SystemId): { file: string; record: unknown }[];
  /**
   * A short key that is equal for two items whose JSON is equal (same blobs, same computed part), when the place can
   * tell without building the JSON: 200 refs that share a task's file then compare it once.
   */
  contentKey?(item: WorkItem): string;
}

/** The folders' other places, as the service, the CLI and the editor use them (src/core/places/places-service.ts). */
export interface OtherPlaces extends IDisposable {
  readonly onDidChange: Event<PlacesChange>;
  /** The settings in force. */
  readonly current: PlacesSettings;
  /** Whether any place besides the folders' own is asked for (and may be read: the workspace is trusted). */
  readonly active: boolean;
  /** New settings, live: places no longer asked for go at once, new ones are read. */
  configure(settings: PlacesSettings): Promise<void>;
  /** Lists worktrees and refs again (of every folder, or those named) and reads what moved; the folders that changed. */
  update(roots?: readonly string[]): Promise<string[]>;
  /** `update` for the service, from inside its queue (after a scan or a reconfigure); nothing when off. */
  updateInQueue(): Promise<void>;
  /** Called in the service's queue for every changed path: a file of another worktree is re-read there. */
  fileChanged(file: string): Promise<boolean>;
  /** The other places of a folder, worktrees by path then refs by name. */
  placesOf(root: string): PlaceState[];
  /** What the other places add to a folder: items, decisions and problems (each with `elsewhere`), and the conflicts. */
  elsewhere(root: string): ElsewhereState;
  /** Owners of a folder-relative path (with `/`) in the folder's other places, each with where it is. */
  ownersElsewhere(root: string, relPath: string): OwnerElsewhere[];
  /** A file's text as committed on a ref of a folder. */
  refFileText(root: string, ref: string, file: string): Promise<string | undefined>;
  /** The other worktrees' folders to watch (their changes reach the service's `fileChanged`). */
  watchPatterns(): WatchPattern[];
  /** Where git records refs and worktrees: a change there is the moment to call `update`. */
  gitWatchPatterns(): WatchPattern[];
  /** Blobs read from git's objects so far (tests and the bench read it). */
  readonly blobsRead: number;
}

/** Makes the other places of a service (given to it as `ServiceOptions.places`). */
export type PlacesFactory = (host: PlacesHost) => OtherPlaces;

const NEVER: Event<PlacesChange> = () => ({ dispose: () => undefined });
const NONE: PlacesSettings = { trusted: false, worktrees: false, refs: [] };

/** The places of a service made without any: nothing elsewhere, ever; asking for some says how to get them. */
export function noOtherPlaces(): OtherPlaces {
  return {
    onDidChange: NEVER, current: NONE, active: false, blobsRead: 0,
    configure: () => Promise.reject(new Error('this service reads no other places: make it with ServiceOptions.places (otherPlaces() in src/core/places)')),
    update: () => Promise.resolve([]), updateInQueue: () => Promise.resolve(), fileChanged: () => Promise.resolve(false),
    placesOf: () => [], elsewhere: () => ({ items: [], decisions: [], diagnostics: [] }), ownersElsewhere: () => [],
    refFileText: () => Promise.resolve(undefined), watchPatterns: () => [], gitWatchPatterns: () => [], dispose: () => undefined,
  };
}
