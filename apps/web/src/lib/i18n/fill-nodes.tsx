import type { Text } from '@gama/core/i18n/texts';
import { Fragment, type ReactNode } from 'react';
import type { Translate } from './use-t.ts';

/**
 * A catalogue text with elements in it (`Enter the 4-digit code sent to {phone}`, the phone in bold): the
 * words come in the shown language's order and each `{name}` is replaced by its element.
 */
export function translateNodes(t: Translate, text: Text, nodes: Record<string, ReactNode>): ReactNode {
  const placeholders = Object.fromEntries(Object.keys(nodes).map((name) => [name, `{${name}}`]));
  const parts = t(text, placeholders).split(/\{(\w+)\}/);
  return parts.map((part, index) =>
    index % 2 === 0 ? part : <Fragment key={`${part}-${index}`}>{nodes[part] ?? `{${part}}`}</Fragment>,
  );
}
