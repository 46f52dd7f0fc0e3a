/** esbuild bundles a front end's CSS to dist/webview/<name>.css; the import only tells it to. */
declare module '*.css';
