/**
 * The parts of the MCP SDK the server uses, in one module that the build bundles as a file of its own
 * (dist/mcp-sdk.js, scripts/build.mjs `onDemandSources`): only `baton mcp` loads it, so `baton --help` and
 * `baton scan` never pay for the SDK. Other files import its types only and receive these values from serve.ts.
 */
export { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export { SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';
