import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * No import circles (decision 0022): a module graph with a circle loads in an order that depends on
 * the entry point, and a value read during loading may be undefined. Every import counts, `import type`
 * too, as madge counts them. Relative imports only: packages are separate graphs.
 */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

/** Each file under `folder` with the files under `folder` it imports. */
function importEdges(folder: string): Map<string, string[]> {
  const files = sourceFiles(folder);
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      ts
        .preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles.map((imported) => resolveImport(file, imported.fileName))
        .filter((path): path is string => path !== null && known.has(path)),
    ]),
  );
}

/** The strongly connected components of more than one node, or of a node pointing at itself. */
function circlesOf(edges: Map<string, string[]>, name: (node: string) => string): string[][] {
  // Tarjan's algorithm over the nodes.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(name(member));
      } while (member !== node);
      if (component.length > 1 || edges.get(node)?.includes(node)) circles.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return circles;
}

/**
 * The circles among the files under `folder` (strongly connected components of more than one file, or
 * a file importing itself), each named relative to `root`.
 */
export function importCircles(root: string, folder: string): string[][] {
  return circlesOf(importEdges(folder), (file) => relative(root, file));
}

/**
 * The circles among the folders right under `folder` (a file directly in it counts as a folder of its
 * own): one folder importing another that imports it back, through any files. Imports inside a folder
 * do not count.
 */
export function folderCircles(folder: string): string[][] {
  const part = (file: string) => relative(folder, file).split(sep)[0]!;
  const edges = new Map<string, string[]>();
  for (const [file, imports] of importEdges(folder)) {
    const from = part(file);
    const targets = edges.get(from) ?? [];
    for (const target of imports.map(part))
      if (target !== from && !targets.includes(target)) targets.push(target);
    edges.set(from, targets);
  }
  return circlesOf(edges, (name) => name);
}
