#!/usr/bin/env node
// Rewrites every import from the kit's root (`from '@sais/kit'`) into imports from the subpaths that
// export each name (`@sais/kit/eventstore`, `@sais/kit/http`, …; decision 0042). It reads the subpaths
// from services/kit/package.json, so it stays right after files move. Rerunnable and idempotent: a
// second run finds no root import and changes nothing.
//   node infra/scripts/kit-subpaths.mjs [--check] [folders…]   (default: services cli bench infra)
// --check changes nothing and exits 1 when a file would change.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const kitDir = join(root, 'services/kit');
const args = process.argv.slice(2);
const check = args.includes('--check');
const folders = args.filter((arg) => !arg.startsWith('--'));
const roots = folders.length ? folders : ['services', 'cli', 'bench', 'infra'];
const KIT = '@sais/kit';

/** Each name the root exports (values and types), with the first subpath that exports it. */
function subpathOfNames() {
  const { exports } = JSON.parse(readFileSync(join(kitDir, 'package.json'), 'utf8'));
  const subpaths = Object.entries(exports).filter(([path]) => path !== '.' && path !== './testing');
  const entries = subpaths.map(([, file]) => join(kitDir, file));
  const program = ts.createProgram(entries, {
    allowImportingTsExtensions: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    resolveJsonModule: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const names = new Map();
  for (const [index, [path]] of subpaths.entries()) {
    const source = program.getSourceFile(entries[index]);
    const symbol = source && checker.getSymbolAtLocation(source);
    if (!symbol) throw new Error(`cannot read ${entries[index]}`);
    for (const exported of checker.getExportsOfModule(symbol))
      if (!names.has(exported.name)) names.set(exported.name, `${KIT}/${path.slice(2)}`);
  }
  const order = subpaths.map(([path]) => `${KIT}/${path.slice(2)}`);
  return { names, order };
}

function sourceFiles(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (['node_modules', 'dist', '.turbo', '.data', '.cache'].includes(name)) return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(m?[jt]sx?)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file's text with its root kit imports and re-exports rewritten, or null when it has none. */
function rewrite(file, text, { names, order }) {
  if (!text.includes(`'${KIT}'`) && !text.includes(`"${KIT}"`)) return null;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edits = [];
  for (const statement of source.statements) {
    const isImport = ts.isImportDeclaration(statement);
    const isExport = ts.isExportDeclaration(statement);
    if (!isImport && !isExport) continue;
    const from = statement.moduleSpecifier;
    if (!from || !ts.isStringLiteral(from) || from.text !== KIT) continue;
    // The named elements and whether the whole statement is type-only.
    let elements;
    let typeOnly;
    if (isImport) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      if (!clause || clause.name || !bindings || !ts.isNamedImports(bindings)) {
        console.warn(
          `${relative(root, file)}: left as it is (not a plain named import): ${statement.getText()}`,
        );
        continue;
      }
      elements = bindings.elements;
      typeOnly = clause.isTypeOnly;
    } else {
      if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) {
        console.warn(`${relative(root, file)}: left as it is (export *): ${statement.getText()}`);
        continue;
      }
      elements = statement.exportClause.elements;
      typeOnly = statement.isTypeOnly;
    }
    const groups = new Map();
    for (const element of elements) {
      const name = (element.propertyName ?? element.name).text;
      const subpath = names.get(name);
      if (!subpath) throw new Error(`${relative(root, file)}: the kit exports no ${name}`);
      if (!groups.has(subpath)) groups.set(subpath, []);
      groups.get(subpath).push(element);
    }
    const keyword = isImport ? 'import' : 'export';
    const lines = order
      .filter((subpath) => groups.has(subpath))
      .map((subpath) => {
        const group = groups.get(subpath);
        // A statement of types only stays `import type`; a mixed one keeps each element's `type`.
        const allTypes = typeOnly || group.every((element) => element.isTypeOnly);
        const parts = group.map((element) => {
          const text = element.getText().replace(/^type\s+/, '');
          return allTypes || !element.isTypeOnly ? text : `type ${text}`;
        });
        return `${keyword} ${allTypes ? 'type ' : ''}{ ${parts.join(', ')} } from '${subpath}';`;
      });
    edits.push({ start: statement.getStart(), end: statement.getEnd(), text: lines.join('\n') });
  }
  if (edits.length === 0) return null;
  let result = text;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

const map = subpathOfNames();
let changed = 0;
for (const folder of roots)
  for (const file of sourceFiles(join(root, folder))) {
    if (file.startsWith(join(kitDir, 'src'))) continue;
    const text = readFileSync(file, 'utf8');
    const rewritten = rewrite(file, text, map);
    if (rewritten === null || rewritten === text) continue;
    const options = (await prettier.resolveConfig(file)) ?? {};
    const formatted = await prettier.format(rewritten, { ...options, filepath: file });
    if (formatted === text) continue;
    changed += 1;
    console.log(`${check ? 'would rewrite' : 'rewrote'} ${relative(root, file)}`);
    if (!check) writeFileSync(file, formatted);
  }
console.log(`${changed} file(s) ${check ? 'to rewrite' : 'rewritten'}`);
if (check && changed > 0) process.exit(1);
