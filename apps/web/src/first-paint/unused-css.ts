/**
 * Build-time only (build/first-paint.ts): the drawn screens carry the CSS rules their components' stylesheets
 * hold, but a screen drawn once, before a single tap, shows no error state, open menu or hover: rules for
 * classes its markup never uses are left out.
 */

/** Every class name in the markup's `class` attributes. */
export function classesIn(markup: string): Set<string> {
  const classes = new Set<string>();
  for (const match of markup.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of (match[1] ?? '').split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** Splits at commas and braces outside parentheses, brackets and strings. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth += 1;
    else if (c === ')' || c === ']') depth -= 1;
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * Whether a selector can match inside markup with only these classes. Classes inside parentheses (`:not()`,
 * `:is()`, `:has()`) and attribute values are not required: the selector is kept whatever they are.
 */
function canMatch(selector: string, classes: Set<string>): boolean {
  let outside = '';
  let depth = 0;
  let quote = '';
  for (let i = 0; i < selector.length; i += 1) {
    const c = selector[i] ?? '';
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth += 1;
    else if (c === ')' || c === ']') depth -= 1;
    else if (depth === 0) outside += c;
  }
  return [...outside.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].every((match) => classes.has(match[1] ?? ''));
}

/** Top-level CSS rules, at-rule blocks whole. */
export function cssRules(css: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i += 1) {
    const c = css[i];
    if (c === '{') depth += 1;
    else if (c === '}') {
      depth -= 1;
      if (depth === 0) {
        rules.push(css.slice(start, i + 1).trim());
        start = i + 1;
      }
    } else if (c === ';' && depth === 0) {
      rules.push(css.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  return rules.filter(Boolean);
}

/**
 * The rules (and, of a selector list, the selectors) that can match the markup. `@media` and `@supports` blocks
 * are pruned inside; other at-rules (`@keyframes`, `@font-face`) are kept whole.
 */
export function withoutUnusedRules(rules: string[], classes: Set<string>): string[] {
  const kept: string[] = [];
  for (const rule of rules) {
    const open = rule.indexOf('{');
    if (open < 0) {
      kept.push(rule);
      continue;
    }
    const head = rule.slice(0, open);
    const body = rule.slice(open);
    if (head.startsWith('@')) {
      if (/^@(media|supports)\b/.test(head)) {
        const inner = withoutUnusedRules(cssRules(body.slice(1, -1)), classes);
        if (inner.length > 0) kept.push(`${head}{${inner.join('')}}`);
      } else kept.push(rule);
      continue;
    }
    const selectors = splitTopLevel(head, ',').filter((selector) => canMatch(selector, classes));
    if (selectors.length > 0) kept.push(`${selectors.join(',')}${body}`);
  }
  return kept;
}
