// The parts of React that src/ uses, and JSX for the "react-jsx" transform (see README.md).
declare module 'react' {
  export function useState<T>(initial: T): [T, (next: T | ((previous: T) => T)) => void];
}

declare module 'react/jsx-runtime' {
  export function jsx(type: unknown, props: unknown, key?: unknown): unknown;
  export function jsxs(type: unknown, props: unknown, key?: unknown): unknown;
  export namespace JSX {
    type Element = unknown;
    interface IntrinsicElements { [element: string]: Record<string, unknown> }
  }
}
