import type { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { QueryError } from '../core/queries/query-error';
import { itemInFull } from '../core/queries/task-detail';
import { itemUri } from '../core/queries/item-rows';
import type { WorkItem } from '../core/service/work-item';
import { Disposable } from '../core/util/disposable';
import type { ToolContext } from './tool-result';

/** The SDK values this file needs (passed in: the SDK is loaded on demand, see mcp-sdk.ts). */
export interface ResourceSdk {
  readonly ResourceTemplate: typeof ResourceTemplate;
  readonly SubscribeRequestSchema: typeof SubscribeRequestSchema;
  readonly UnsubscribeRequestSchema: typeof UnsubscribeRequestSchema;
}

/** resources/list names at most this many items (the template lets a client read any other by its URI). */
const LISTED = 200;

/**
 * `baton://task/{system}/{id}`: one work item as JSON (what baton_task gives). A client that subscribes to an item's
 * URI gets `notifications/resources/updated` when the item changes or goes, so it follows a task without polling.
 */
export class TaskResources extends Disposable {
  private readonly subscribed = new Set<string>();
  private readonly service: ToolContext['service'];

  constructor(private readonly server: McpServer, { service, ready }: ToolContext, sdk: ResourceSdk) {
    super();
    this.service = service;
    const template = new sdk.ResourceTemplate('baton://task/{system}/{id}', {
      list: async () => {
        await ready;
        return { resources: this.service.items().slice(0, LISTED).map((item) => ({ uri: itemUri(item), name: `${item.system} ${item.id}`,
          title: clip(item.title || item.id), description: clip(`${item.kind}, status ${item.status}`), mimeType: 'application/json' })) };
      },
    });
    server.registerResource('work-item', template, {
      title: 'Work item',
      description: `One work item of an orchestrator (orc, orchestral, intents, ultrawork, orange) as JSON, as baton_task gives it. Subscribe to be told when it changes. resources/list names the first ${LISTED}.`,
      mimeType: 'application/json',
    }, async (uri, variables) => {
      await ready;
      const item = this.itemAt(String(variables.system), String(variables.id));
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(await itemInFull(this.service, item)) }] };
    });
    server.server.setRequestHandler(sdk.SubscribeRequestSchema, (request) => { this.subscribed.add(request.params.uri); return {}; });
    server.server.setRequestHandler(sdk.UnsubscribeRequestSchema, (request) => { this.subscribed.delete(request.params.uri); return {}; });
    this._register(service.onDidChange((change) => {
      if (!this.subscribed.size) return;
      const uris = new Set<string>();
      for (const item of change.changed) uris.add(itemUri(item));
      for (const key of change.removed) uris.add(uriOfKey(key));
      for (const uri of uris) {
        if (this.subscribed.has(uri)) void this.server.server.sendResourceUpdated({ uri }).catch(() => undefined);
      }
    }));
  }

  /** The item a URI names; the first folder's when several folders hold the same system and id. */
  private itemAt(system: string, rawId: string): WorkItem {
    let id = rawId;
    try { id = decodeURIComponent(rawId); } catch { /* a bare % in an id: taken as written */ }
    const item = this.service.items().find((i) => i.system === system && i.id === id);
    if (!item) throw new QueryError(`no ${system} item ${id}`);
    return item;
  }
}

/** An itemKey is root NUL system NUL kind NUL id: the URI of a removed item, which the index no longer holds. */
function uriOfKey(key: string): string {
  const [, system = '', , id = ''] = key.split('\u0000');
  return itemUri({ system: system as WorkItem['system'], id });
}

/** A listing names each item in a line: a 10 KB title would make resources/list pass the size bound. */
function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
