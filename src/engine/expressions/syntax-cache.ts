import type { ExpressionKind } from './expression-errors.js';

/**
 * Syntax trees of expressions already parsed, by kind and text. Applications send the
 * same few expression texts over and over with different values; the syntax tree depends
 * on the text alone (names and values are resolved afterwards, on every call, by the
 * kind's checks), so a text is tokenized and parsed once. Only trees of texts that parsed
 * cleanly are kept: an invalid text is parsed again each time, to throw its error. Trees
 * are shared between calls, so nothing may change them (their types are read-only).
 */
const MAX_ENTRIES_PER_KIND = 500;

const trees = new Map<ExpressionKind, Map<string, unknown>>();

export function cachedSyntax(kind: ExpressionKind, text: string): unknown {
  return trees.get(kind)?.get(text);
}

export function rememberSyntax(kind: ExpressionKind, text: string, tree: unknown): void {
  let byText = trees.get(kind);
  if (byText === undefined) {
    byText = new Map();
    trees.set(kind, byText);
  }
  // Bounded: a client generating unique texts must not grow memory; the oldest goes first.
  if (byText.size >= MAX_ENTRIES_PER_KIND) byText.delete(byText.keys().next().value as string);
  byText.set(text, tree);
}
