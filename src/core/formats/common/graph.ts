import { runSteps, type Steps } from '../../util/steps';

/**
 * Strongly connected components of a directed graph (iterative Tarjan: a 10,000-task dependency chain must not
 * overflow the stack). Returns only the components that contain a cycle, each as one concrete cycle path
 * (first node repeated at the end), so a message can show it.
 */
export function findCycles(nodes: readonly string[], edges: (node: string) => readonly string[]): string[][] {
  return runSteps(findCyclesSteps(nodes, edges));
}

/** How many nodes the search visits between two steps (at 10,000 tasks the whole search is tens of milliseconds). */
const NODES_PER_STEP = 500;

/** findCycles as steps (util/steps.ts), for a caller that runs a large graph's link in slices. */
export function* findCyclesSteps(nodes: readonly string[], edges: (node: string) => readonly string[]): Steps<string[][]> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  let nextStep = NODES_PER_STEP;

  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter); low.set(start, counter); counter++;
    stack.push(start); onStack.add(start);
    while (work.length) {
      // Everything the search holds is its own (a step may end anywhere).
      if (counter >= nextStep) { yield; nextStep = counter + NODES_PER_STEP; }
      const frame = work[work.length - 1]!;
      const out = edges(frame.node);
      if (frame.next < out.length) {
        const to = out[frame.next++]!;
        if (!index.has(to)) {
          index.set(to, counter); low.set(to, counter); counter++;
          stack.push(to); onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do { member = stack.pop()!; onStack.delete(member); component.push(member); } while (member !== frame.node);
        if (component.length > 1) components.push(component);
      }
    }
  }
  return components.map((c) => cyclePath(c, edges));
}

/** One concrete cycle through a strongly connected component, starting at its smallest id. */
function cyclePath(component: string[], edges: (node: string) => readonly string[]): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  const path = [start];
  const seen = new Map([[start, 0]]);
  let node = start;
  for (;;) {
    const next = edges(node).filter((n) => members.has(n)).sort()[0]!;
    const at = seen.get(next);
    if (at !== undefined) return [...path.slice(at), next];
    seen.set(next, path.length);
    path.push(next);
    node = next;
  }
}
