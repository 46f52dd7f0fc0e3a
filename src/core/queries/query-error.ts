/**
 * A question the index cannot answer as asked (an unknown folder, an id that is not there, a path outside the
 * folder): the message says what was wrong and what would be right. The MCP server returns it as a tool error.
 */
export class QueryError extends Error {}
