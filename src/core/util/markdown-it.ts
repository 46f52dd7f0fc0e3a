import type MarkdownIt from 'markdown-it';

type MarkdownItParser = InstanceType<typeof MarkdownIt>;

/**
 * A markdown-it parser made on first use. markdown-it (with entities, linkify-it and uc.micro: about 90 KB of a
 * bundle) is needed only by a Markdown body the plain readers decline and by a page that shows Markdown, so the
 * bundles keep it in a file of its own (dist/markdown-it.js, scripts/build.mjs) that starting the extension or the CLI
 * never loads. `make` configures the parser once.
 */
export function lazyMarkdownIt(make: (markdownIt: typeof MarkdownIt) => MarkdownItParser): () => MarkdownItParser {
  let made: MarkdownItParser | undefined;
  return () => (made ??= make(loadMarkdownIt()));
}

let loaded: typeof MarkdownIt | undefined;
function loadMarkdownIt(): typeof MarkdownIt {
  if (!loaded) {
    // Synchronous: a reader asks for its outline in the middle of a parse. Node gives the CommonJS build (the class
    // itself); the bundles give their on-demand file (an ES module's namespace, the class as its default).
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on demand, by design
    const module = require('markdown-it') as typeof MarkdownIt | { readonly default: typeof MarkdownIt };
    loaded = typeof module === 'function' ? module : module.default;
  }
  return loaded;
}
