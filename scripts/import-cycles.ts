// No import cycle between our modules (`npm run lint` runs this after ESLint; exit 1 on a cycle).
//
// A cycle makes module initialisation order matter (a value read before its module ran is
// undefined) and folds layers into one.
//
// How: for every workspace's tsconfig.json (WORKSPACES, as in the root package.json's "typecheck"),
// its source files are the starting points. Each file is parsed (syntax only, no type checking) for
// the modules it loads when it runs, and each specifier is resolved by TypeScript's own module
// resolution with that tsconfig's options — so `@rally/shared/…` lands in packages/shared/src
// through the package's "exports", as in `tsc`. Only our own files are followed (nothing under
// node_modules, nothing outside the repository, no .d.ts or .json). Tarjan's algorithm finds the
// strongly connected sets of the graph; each set is printed as one cycle through it.
//
// What counts as an import (as eslint-plugin-import-x's no-cycle counted it before):
//   - counts:  `import … from`, `import '…'`, `export … from`, `export * from`, `import x = require('…')`
//              and `import('…')` with a string literal (a lazy import still closes a cycle)
//   - ignored: `import type …`, `import { type A, type B } …` (every name type-only),
//              `export type … from`, `import type x = require(…)`, `typeof import('…')` in a type:
//              TypeScript erases these (verbatimModuleSyntax is off), so they never run
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The repository's root (real path: TypeScript resolves to real paths). */
export const ROOT = fs.realpathSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
/** The directories whose tsconfig.json lists our source files (the root package.json's "typecheck"). */
export const WORKSPACES = ['packages/shared', 'apps/server', 'apps/web', 'e2e', 'scripts'];

/** One module a file loads when it runs: the specifier as written and its line (1-based). */
export interface RuntimeImport {
  specifier: string;
  line: number;
}

/** The modules `fileName` loads when it runs (see the header for what counts). Syntax only. */
export function runtimeImports(fileName: string, text: string): RuntimeImport[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, scriptKind(fileName));
  const found: RuntimeImport[] = [];
  const add = (node: ts.Node, specifier: ts.Expression | undefined) => {
    if (specifier && ts.isStringLiteralLike(specifier)) {
      found.push({ specifier: specifier.text, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
    }
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      if (!isTypeOnlyImport(statement.importClause)) add(statement, statement.moduleSpecifier);
    } else if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      const everyNameTypeOnly = clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
      if (!statement.isTypeOnly && !everyNameTypeOnly) add(statement, statement.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference)) {
      if (!statement.isTypeOnly) add(statement, statement.moduleReference.expression);
    }
  }
  // `import('…')` may sit anywhere; most files have none, so look only where the text has one.
  if (/\bimport\s*\(/.test(text)) {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node, node.arguments[0]);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** `import type …`, or named imports that are every one `type` (with no default import). */
function isTypeOnlyImport(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false; // `import './side-effect'`
  if (clause.phaseModifier === ts.SyntaxKind.TypeKeyword) return true;
  const bindings = clause.namedBindings;
  return !clause.name && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (/\.tsx$/.test(fileName)) return ts.ScriptKind.TSX;
  if (/\.jsx$/.test(fileName)) return ts.ScriptKind.JSX;
  if (/\.[mc]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** The import graph: file → the files it imports, and the line of each import (`from\0to`). */
export interface ImportGraph {
  edges: Map<string, string[]>;
  lines: Map<string, number>;
}

/**
 * The graph of the files reachable from `roots`: `read` gives a file's text, `resolve` the file an
 * import specifier of `from` names, or undefined when it is not one of ours (a package, a .json …).
 */
export function buildImportGraph(
  roots: Iterable<string>,
  read: (file: string) => string,
  resolve: (specifier: string, from: string) => string | undefined,
): ImportGraph {
  const edges = new Map<string, string[]>();
  const lines = new Map<string, number>();
  const queue = [...roots];
  const queued = new Set(queue);
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const targets: string[] = [];
    for (const { specifier, line } of runtimeImports(file, read(file))) {
      const target = resolve(specifier, file);
      if (target === undefined || lines.has(`${file}\0${target}`)) continue;
      targets.push(target);
      lines.set(`${file}\0${target}`, line);
      if (!queued.has(target)) {
        queued.add(target);
        queue.push(target);
      }
    }
    edges.set(file, targets);
  }
  return { edges, lines };
}

/**
 * One cycle for each strongly connected set of `graph` (Tarjan) with more than one file, or one
 * file that imports itself: the shortest cycle through the set's first file (in sort order), as a
 * chain that ends where it starts (`[a, b, a]`). Sorted by that first file: the result is stable.
 */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const next = (node: string) => graph.get(node) ?? [];
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  // Iterative Tarjan: each frame is a node and how many of its successors it has visited.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const frames: { node: string; child: number }[] = [];
    const enter = (node: string) => {
      index.set(node, index.size);
      low.set(node, index.get(node)!);
      stack.push(node);
      onStack.add(node);
      frames.push({ node, child: 0 });
    };
    enter(start);
    while (frames.length > 0) {
      const frame = frames.at(-1)!;
      const successors = next(frame.node);
      if (frame.child < successors.length) {
        const successor = successors[frame.child++]!;
        if (!index.has(successor)) enter(successor);
        else if (onStack.has(successor)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(successor)!));
        continue;
      }
      frames.pop();
      const parent = frames.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || next(frame.node).includes(frame.node)) components.push(component);
      }
    }
  }
  return components.map((component) => shortestCycle(next, [...component].sort())).sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));
}

/** The shortest chain from `members[0]` back to itself inside the set `members` (breadth first). */
function shortestCycle(next: (node: string) => readonly string[], members: string[]): string[] {
  const first = members[0]!;
  const inSet = new Set(members);
  const cameFrom = new Map<string, string>();
  const queue = [first];
  for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
    for (const successor of next(node)) {
      if (!inSet.has(successor)) continue;
      if (successor === first) {
        const back: string[] = [];
        for (let at = node; at !== first; at = cameFrom.get(at)!) back.push(at);
        return [first, ...back.reverse(), first];
      }
      if (!cameFrom.has(successor)) {
        cameFrom.set(successor, node);
        queue.push(successor);
      }
    }
  }
  throw new Error(`no cycle through ${first} although it is in a strongly connected set`);
}

const RUNNABLE = new Set<string>([
  ts.Extension.Ts,
  ts.Extension.Tsx,
  ts.Extension.Mts,
  ts.Extension.Cts,
  ts.Extension.Js,
  ts.Extension.Jsx,
  ts.Extension.Mjs,
  ts.Extension.Cjs,
]);

/** Our own runnable file (not a package's, not outside the repository, no .d.ts or .json). */
function isOurs(root: string, resolved: ts.ResolvedModuleFull): boolean {
  const relative = path.relative(root, resolved.resolvedFileName);
  return !relative.startsWith('..') && !path.isAbsolute(relative) && !relative.split(path.sep).includes('node_modules') && RUNNABLE.has(resolved.extension);
}

/** The import graph of the repository at `root` (paths relative to it) and its cycles. */
export function checkRepository(root = ROOT, workspaces = WORKSPACES): { graph: ImportGraph; cycles: string[][] } {
  const optionsOf = new Map<string, ts.CompilerOptions>();
  const roots: string[] = [];
  for (const workspace of workspaces) {
    const configFile = path.join(root, workspace, 'tsconfig.json');
    const parsed = ts.getParsedCommandLineOfConfigFile(configFile, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => fail(d) });
    if (!parsed) throw new Error(`cannot read ${configFile}`);
    if (parsed.errors.length > 0) fail(parsed.errors[0]!);
    for (const fileName of parsed.fileNames) {
      if (/\.d\.[mc]?ts$/.test(fileName) || /\.json$/.test(fileName) || optionsOf.has(fileName)) continue;
      optionsOf.set(fileName, parsed.options);
      roots.push(fileName);
    }
  }
  const cache = ts.createModuleResolutionCache(root, (name) => name);
  const resolve = (specifier: string, from: string): string | undefined => {
    const options = optionsOf.get(from)!;
    const { resolvedModule } = ts.resolveModuleName(specifier, from, options, ts.sys, cache, undefined, ts.ModuleKind.ESNext);
    if (!resolvedModule || !isOurs(root, resolvedModule)) return undefined;
    const target = path.resolve(resolvedModule.resolvedFileName);
    // A file in no tsconfig (none today) is read with the options of the first file that imports it.
    if (!optionsOf.has(target)) optionsOf.set(target, options);
    return target;
  };
  const absolute = buildImportGraph(roots, (file) => fs.readFileSync(file, 'utf8'), resolve);
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const graph: ImportGraph = {
    edges: new Map([...absolute.edges].map(([from, to]) => [relative(from), to.map(relative)])),
    lines: new Map([...absolute.lines].map(([key, line]) => [key.split('\0').map(relative).join('\0'), line])),
  };
  return { graph, cycles: findCycles(graph.edges) };
}

function fail(diagnostic: ts.Diagnostic): never {
  throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

/** A cycle for a terminal: each file with the line of its import of the next. */
export function formatCycle(cycle: readonly string[], lines: ReadonlyMap<string, number>): string {
  return cycle
    .map((file, i) => {
      const to = cycle[i + 1];
      const line = to === undefined ? undefined : lines.get(`${file}\0${to}`);
      return `  ${i === 0 ? '  ' : '→ '}${file}${line === undefined ? '' : `:${line}`}`;
    })
    .join('\n');
}

function main(): void {
  const started = performance.now();
  const { graph, cycles } = checkRepository();
  const took = `${graph.edges.size} files, ${Math.round(performance.now() - started)} ms`;
  if (cycles.length === 0) {
    console.log(`import cycles: none (${took})`);
    return;
  }
  console.error(`import cycles: ${cycles.length} (${took}); each chain below imports the next file at the line shown:\n`);
  for (const cycle of cycles) console.error(`${formatCycle(cycle, graph.lines)}\n`);
  console.error('Break each one: move what both sides need into a module of its own, or import it with `import type` if only types are used.');
  process.exitCode = 1;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
